import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { test } from "node:test";
import { isRowforgeError } from "../../src/errors/index.ts";
import { openStore } from "../../src/store/index.ts";
import { mountSmallDisk } from "../support/small-tmpfs.ts";

const disk = mountSmallDisk(32);
const skip = typeof disk === "string" ? disk : false;

// Incompressible plans: LevelDB's write buffer (4 MB) fills and its background flush hits the
// full disk, the failure after which LevelDB refuses every write until it is reopened.
const planOf = (name: string) => ({
  id: name,
  name,
  request: { blob: randomBytes(75_000).toString("base64") },
  savedAt: new Date().toISOString(),
});

test("a store on a full disk fails writes with a clear ENOSPC error and recovers by itself once there is room", {
  skip,
}, async () => {
  if (typeof disk === "string") return;
  const store = await openStore(join(disk.dir, "home"));
  try {
    await store.plans.put(planOf("before"));
    disk.fill(6 * 1024 * 1024);
    const failures: unknown[] = [];
    let saved = 0;
    for (let i = 0; i < 120; i++) {
      try {
        await store.plans.put(planOf(`full-${i}`));
        saved++;
      } catch (e) {
        failures.push(e);
      }
    }
    assert.ok(failures.length > 0, "the full disk made writes fail");
    for (const e of failures) {
      assert.ok(isRowforgeError(e));
      assert.equal(e.code, "RF_STORE_FULL");
      assert.match(e.message, /^the store could not write: ENOSPC/);
    }
    disk.release();
    // No restart: the next writes succeed, and everything saved before is still there.
    await store.plans.put(planOf("after"));
    assert.equal((await store.plans.get("after"))?.name, "after");
    assert.equal((await store.plans.get("before"))?.name, "before");
    assert.equal((await store.plans.list()).length, saved + 2);
    await store.executions.put({
      id: "e1",
      planName: "p",
      status: "success",
      failedReason: null,
      runBy: "test",
      updatedBy: "test",
      createdTs: new Date().toISOString(),
      updatedTs: new Date().toISOString(),
      generationSummary: [],
      validationSummary: [],
      reportLink: "/report/e1/index.html",
      timeTaken: "0.00s",
      mode: "generate",
    });
    assert.equal((await store.executions.get("e1"))?.status, "success");
  } finally {
    await store.close().catch(() => undefined);
    disk.unmount();
  }
});
