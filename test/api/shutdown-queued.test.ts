import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { apiRuntime } from "./api-fixture.ts";

test('runs still queued at shutdown are recorded failed "shutdown" at once, not left for "interrupted"', async () => {
  const { dir, store, svc, runs, close } = await apiRuntime({ runtime: () => ({ concurrency: 1 }) });
  try {
    const { plan } = await svc.resolveRequest({
      plan: { name: "q", tasks: [{ name: "t", dataSourceName: "files" }] },
      tasks: [
        {
          name: "t",
          type: "json",
          options: { path: join(dir, "out") },
          count: { records: 20_000 },
          fields: [{ name: "id", options: { regex: "P[0-9]{6}" } }],
        },
      ],
    });
    assert.ok(plan);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await runs.submit(plan, "generate", "api")).id);
    await runs.shutdown(0);
    for (const id of ids.slice(1)) {
      const r = await store.executions.get(id);
      assert.equal(r?.status, "failed", id);
      assert.equal(r?.failedReason, "shutdown", id);
    }
    await runs.idle();
    // The next process finds nothing to mark "interrupted" among them.
    for (const id of ids.slice(1)) assert.equal((await store.executions.get(id))?.failedReason, "shutdown");
  } finally {
    await runs.idle();
    await close();
  }
});
