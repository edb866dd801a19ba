import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runRequest } from "../support/run-request.ts";
import { mountSmallDisk } from "../support/small-tmpfs.ts";
import { startServe } from "../support/start-serve.ts";

const disk = mountSmallDisk(32);
const skip = typeof disk === "string" ? disk : false;

test("serve with its home on a full disk: saves and run records fail cleanly, the server goes on and recovers once there is room", {
  skip,
}, async () => {
  if (typeof disk === "string") return;
  const dir = fixtureDir({});
  const server = await startServe(["--home", join(disk.dir, "home"), "--data-dir", dir]);
  let stderr = "";
  server.child.stderr!.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const post = (path: string, body: unknown) =>
    fetch(server.url + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const status = async (id: string) =>
    (await (await fetch(`${server.url}/run/status/${id}`)).json()) as {
      status: string;
      failedReason: string | null;
    };
  const savePlan = (name: string) =>
    post("/plan", {
      plan: {
        name,
        description: randomBytes(12_000).toString("hex"),
        tasks: [{ name: "t", dataSourceName: "d" }],
      },
      tasks: [{ name: "t", type: "json", options: { path: join(dir, "saved") }, fields: [{ name: "a" }] }],
    });
  try {
    // A run that is busy writing (to another disk) when the store's disk fills up.
    const out = join(dir, "out", "run");
    const started = await post("/run", runRequest("busy", out, 3_000_000));
    assert.equal(started.status, 200);
    const id = ((await started.json()) as { executionId: string }).executionId;
    for (let i = 0; i < 1200 && (await status(id)).status !== "running"; i++) await sleep(50);
    assert.equal((await status(id)).status, "running");
    disk.fill();

    // A save fails with the generic 500 shape and says why.
    let failed: Response | undefined;
    for (let i = 0; i < 50 && !failed; i++) {
      const r = await savePlan(`plan_${i}`);
      if (r.status !== 200) failed = r;
    }
    assert.ok(failed, "a save on the full disk failed");
    assert.equal(failed.status, 500);
    const body = (await failed.json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ["errorMessage", "message", "status", "uri"]);
    assert.equal(body.status, "error");
    assert.match(String(body.errorMessage), /^the store could not write: ENOSPC/);

    // The run finishes its files while its record cannot be saved; the server does not go down.
    for (let i = 0; i < 1200 && !(existsSync(out) && readdirSync(out).includes("_SUCCESS")); i++)
      await sleep(100);
    assert.ok(readdirSync(out).includes("_SUCCESS"), "the run wrote its output");
    assert.equal((await fetch(`${server.url}/run/status/${id}`)).status, 200, "the server still answers");

    // Room again: no restart needed; the run's record catches up and saves work.
    disk.release();
    let final = await status(id);
    for (let i = 0; i < 600 && final.status !== "success"; i++) {
      await sleep(100);
      final = await status(id);
    }
    assert.equal(final.status, "success", String(final.failedReason));
    assert.equal((await savePlan("after_recovery")).status, 200);
    const next = await post("/run", runRequest("next", join(dir, "out", "next"), 1000));
    const nextId = ((await next.json()) as { executionId: string }).executionId;
    let st = await status(nextId);
    for (let i = 0; i < 600 && st.status !== "success" && st.status !== "failed"; i++) {
      await sleep(100);
      st = await status(nextId);
    }
    assert.equal(st.status, "success", String(st.failedReason));
    assert.equal(server.child.exitCode, null, "the server is still running");
    assert.doesNotMatch(stderr, /triggerUncaughtException|unhandled/i);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    disk.unmount();
  }
});
