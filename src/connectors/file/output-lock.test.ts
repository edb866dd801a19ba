import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { isRowforgeError } from "../../errors/index.ts";
import { acquireOutputLock, releaseLockOf } from "./output-lock.ts";

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

describe("acquireOutputLock across threads", () => {
  it("waits while a run of this process in another thread holds the lock, and takes it once released", async () => {
    const path = lockIn();
    const thread = new Worker(
      `const { parentPort } = require("node:worker_threads");
      import(${JSON.stringify(new URL("./output-lock.ts", import.meta.url).href)}).then(async ({ acquireOutputLock }) => {
        const lock = await acquireOutputLock(${JSON.stringify(path)}, "thread-run", "out");
        parentPort.postMessage("got");
        parentPort.once("message", async () => { await lock.release(); parentPort.postMessage("released"); });
      });`,
      { eval: true },
    );
    try {
      assert.equal((await once(thread, "message"))[0], "got");
      let mine = false;
      const taking = acquireOutputLock(path, "main-run", "out").then((lock) => {
        mine = true;
        return lock;
      });
      // Several of its looks at the lock: it is not taken from the live run of the other thread.
      await sleep(300);
      assert.equal(mine, false);
      assert.equal((JSON.parse(readFileSync(path, "utf8")) as { runId: string }).runId, "thread-run");
      thread.postMessage("release");
      const lock = await taking;
      assert.equal((JSON.parse(readFileSync(path, "utf8")) as { runId: string }).runId, "main-run");
      await lock.release();
    } finally {
      await thread.terminate();
    }
  });

  it("releaseLockOf removes a lock only while the run named holds it", async () => {
    const path = lockIn();
    writeFileSync(path, JSON.stringify({ runId: "stopped-run", pid: process.pid, host: hostname() }));
    await releaseLockOf(path, "another-run");
    assert.ok(existsSync(path));
    await releaseLockOf(path, "stopped-run");
    assert.ok(!existsSync(path));
    await releaseLockOf(path, "stopped-run");
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
