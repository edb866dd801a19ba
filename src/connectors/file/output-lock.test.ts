import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { isRowforgeError } from "../../errors/index.ts";
import { acquireOutputLock } from "./output-lock.ts";

const lockIn = () => join(mkdtempSync(join(tmpdir(), "rowforge-lock-")), ".rowforge-lock");

describe("acquireOutputLock", () => {
  it("writes run id, pid and host with O_EXCL, and removes the file on release", async () => {
    const path = lockIn();
    const lock = await acquireOutputLock(path, "run-1", "out");
    const holder = JSON.parse(readFileSync(path, "utf8")) as { runId: string; pid: number; host: string };
    assert.deepEqual([holder.runId, holder.pid, holder.host], ["run-1", process.pid, hostname()]);
    await lock.release();
    await lock.release();
    assert.ok(!existsSync(path));
  });

  it("lets runs of one process in one at a time, in the order they asked", async () => {
    const path = lockIn();
    const order: string[] = [];
    const take = async (id: string) => {
      const lock = await acquireOutputLock(path, id, "out");
      order.push(`+${id}`);
      assert.equal((JSON.parse(readFileSync(path, "utf8")) as { runId: string }).runId, id);
      await new Promise((r) => setImmediate(r));
      order.push(`-${id}`);
      await lock.release();
    };
    await Promise.all(["a", "b", "c", "d"].map(take));
    assert.deepEqual(order, ["+a", "-a", "+b", "-b", "+c", "-c", "+d", "-d"]);
  });

  it("refuses a lock of another live process, naming the run and process", async () => {
    const path = lockIn();
    writeFileSync(path, JSON.stringify({ runId: "theirs", pid: 1, host: hostname(), since: "then" }));
    await assert.rejects(
      () => acquireOutputLock(path, "mine", "the/out"),
      (e: unknown) =>
        isRowforgeError(e) &&
        e.code === "RF_OUTPUT_LOCKED" &&
        /the\/out is in use by run theirs \(process 1, since then\)/.test(e.message),
    );
    // Refused, the queue of this process moves on.
    await assert.rejects(() => acquireOutputLock(path, "mine", "the/out"), /in use by run theirs/);
  });

  it("takes over the lock of a process that has died, and an empty lock file left long ago", async () => {
    const path = lockIn();
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
    writeFileSync(path, JSON.stringify({ runId: "gone", pid: dead, host: hostname() }));
    await (await acquireOutputLock(path, "mine", "out")).release();
    writeFileSync(path, "");
    await assert.rejects(() => acquireOutputLock(path, "mine", "out"), /in use by run \(unknown\)/);
    utimesSync(path, new Date(0), new Date(0));
    await (await acquireOutputLock(path, "mine", "out")).release();
    assert.ok(!existsSync(path));
  });

  it("does not trust a lock of another host to be stale", async () => {
    const path = lockIn();
    writeFileSync(path, JSON.stringify({ runId: "far", pid: 999_999, host: "elsewhere" }));
    await assert.rejects(() => acquireOutputLock(path, "mine", "out"), /process 999999 on elsewhere/);
  });
});

describe("acquireOutputLock across processes", () => {
  it("of processes racing for a stale lock, exactly one takes it over", async () => {
    const path = lockIn();
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
    writeFileSync(path, JSON.stringify({ runId: "gone", pid: dead, host: hostname() }));
    const script = `
      import { acquireOutputLock } from ${JSON.stringify(new URL("./output-lock.ts", import.meta.url).href)};
      try {
        await acquireOutputLock(${JSON.stringify(path)}, "p" + process.pid, "out");
        console.log("got");
        // Hold the lock until the test closes stdin.
        process.stdin.resume();
        process.stdin.on("end", () => process.exit(0));
      } catch (e) {
        console.log(e.code);
      }
    `;
    const children = [0, 1, 2].map(() =>
      spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["pipe", "pipe", "inherit"] }),
    );
    const answers = await Promise.all(
      children.map(
        (c) =>
          new Promise<string>((resolve) => {
            let out = "";
            c.stdout.on("data", (d: Buffer) => {
              out += d.toString();
              if (out.includes("\n")) resolve(out.trim());
            });
            c.once("exit", () => resolve(out.trim()));
          }),
      ),
    );
    for (const c of children) c.stdin.end();
    await Promise.all(children.map((c) => (c.exitCode === null ? once(c, "exit") : undefined)));
    assert.deepEqual(answers.sort(), ["RF_OUTPUT_LOCKED", "RF_OUTPUT_LOCKED", "got"]);
  });
});
