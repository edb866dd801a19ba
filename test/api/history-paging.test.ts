import assert from "node:assert/strict";
import { test } from "node:test";
import { apiRuntime } from "./api-fixture.ts";

test("GET /run/history pages newest first with limit/offset, X-Total-Count and Link; no limit keeps the whole list", async () => {
  const { app, store, close } = await apiRuntime();
  try {
    for (let i = 0; i < 5; i++) {
      const id = `00000000-0000-4000-8000-00000000000${i}`;
      await store.executions.put({
        id,
        planName: `p${i}`,
        status: "success",
        failedReason: null,
        runBy: "api",
        updatedBy: "api",
        createdTs: `2026-11-01T00:00:0${i}.000Z`,
        updatedTs: `2026-11-01T00:00:0${i}.000Z`,
        generationSummary: [],
        validationSummary: [],
        reportLink: `/report/${id}/index.html`,
        timeTaken: "0.00s",
        mode: "generate",
      });
    }
    const all = await app.inject({ url: "/run/history" });
    const ids = (all.json() as { id: string }[]).map((r) => r.id);
    assert.equal(ids.length, 5);
    assert.equal(all.headers["x-total-count"], "5");
    assert.equal(all.headers.link, undefined);
    const page = await app.inject({ url: "/run/history?limit=2&offset=2" });
    assert.deepEqual(
      (page.json() as { id: string }[]).map((r) => r.id),
      ids.slice(2, 4),
    );
    assert.equal(page.headers["x-total-count"], "5");
    assert.match(String(page.headers.link), /<\/run\/history\?limit=2&offset=4>; rel="next"/);
    assert.match(String(page.headers.link), /<\/run\/history\?limit=2&offset=0>; rel="prev"/);
    assert.equal((await app.inject({ url: "/run/history?limit=1001" })).statusCode, 400);
  } finally {
    await close();
  }
});
