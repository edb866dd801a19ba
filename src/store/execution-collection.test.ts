import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { storePerTest } from "../../test/support/store/store-per-test.ts";
import { sampleExecution } from "../../test/support/store/store-samples.ts";
import { isRowforgeError } from "../errors/index.ts";
import type { ExecutionRecord } from "./store-records.ts";

const t = storePerTest();

const ids = (records: readonly ExecutionRecord[]): string[] => records.map((r) => r.id);

describe("store.executions", () => {
  it("saves and reads a record with its optional fields", async () => {
    const record = sampleExecution("e1", "2025-03-01T10:00:00.000Z", {
      seed: "1234",
      nowMicros: 1_740_823_200_000_000,
      details: { steps: [{ name: "accounts", records: 10 }] },
      generationSummary: [["accounts", 10]],
    });
    await t.store.executions.put(record);
    assert.deepEqual(await t.store.executions.get("e1"), record);
    assert.equal(await t.store.executions.get("missing"), undefined);
  });

  it("lists newest first by createdTs, equal times by id, whatever the order of saving", async () => {
    await t.store.executions.put(sampleExecution("b", "2025-03-01T10:00:00.000Z"));
    await t.store.executions.put(sampleExecution("old", "2024-12-31T23:59:59.999Z"));
    await t.store.executions.put(sampleExecution("new", "2025-03-02T00:00:00.000Z"));
    await t.store.executions.put(sampleExecution("a", "2025-03-01T10:00:00.000Z"));
    await t.store.executions.put(sampleExecution("micro", "2025-03-01T10:00:00.000500Z"));
    assert.deepEqual(ids(await t.store.executions.list()), ["new", "micro", "a", "b", "old"]);
    assert.deepEqual(ids(await t.store.executions.list({ limit: 2 })), ["new", "micro"]);
    assert.deepEqual(await t.store.executions.list({ limit: 0 }), []);
  });

  it("moves a record between statuses as it is updated, keeping one entry per record", async () => {
    const start = sampleExecution("e1", "2025-03-01T10:00:00.000Z", { status: "queued" });
    await t.store.executions.put(start);
    await t.store.executions.put(sampleExecution("e2", "2025-03-01T11:00:00.000Z"));
    assert.deepEqual(ids(await t.store.executions.listByStatus("queued")), ["e1"]);

    await t.store.executions.put({ ...start, status: "running" });
    assert.deepEqual(ids(await t.store.executions.listByStatus("queued")), []);
    assert.deepEqual(ids(await t.store.executions.listByStatus("running")), ["e2", "e1"]);

    const failed: ExecutionRecord = {
      ...start,
      status: "failed",
      failedReason: "disk full",
      updatedTs: "2025-03-01T10:05:00.000Z",
      timeTaken: "5m",
    };
    await t.store.executions.put(failed);
    assert.deepEqual(ids(await t.store.executions.listByStatus("running")), ["e2"]);
    assert.deepEqual(await t.store.executions.listByStatus("failed"), [failed]);
    assert.deepEqual(await t.store.executions.listByStatus("success"), []);
    assert.deepEqual(ids(await t.store.executions.list()), ["e2", "e1"]);
  });

  it("re-sorts a record whose createdTs changes", async () => {
    await t.store.executions.put(sampleExecution("e1", "2025-03-01T10:00:00.000Z"));
    await t.store.executions.put(sampleExecution("e2", "2025-03-01T11:00:00.000Z"));
    await t.store.executions.put(sampleExecution("e1", "2025-03-01T12:00:00.000Z"));
    assert.deepEqual(ids(await t.store.executions.list()), ["e1", "e2"]);
    assert.deepEqual(ids(await t.store.executions.listByStatus("running")), ["e1", "e2"]);
  });

  it("keeps every write when many updates of one record race", async () => {
    const statuses = ["queued", "running", "failed", "success"] as const;
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.store.executions.put(
          sampleExecution("e1", `2025-03-01T10:00:${String(i % 60).padStart(2, "0")}.000Z`, {
            status: statuses[i % 4] ?? "running",
          }),
        ),
      ),
    );
    const last = await t.store.executions.get("e1");
    assert.equal(last?.createdTs, "2025-03-01T10:00:39.000Z");
    assert.equal(last?.status, "success");
    assert.deepEqual(ids(await t.store.executions.list()), ["e1"]);
    for (const s of statuses) {
      assert.equal((await t.store.executions.listByStatus(s)).length, s === "success" ? 1 : 0, s);
    }
  });

  it("lists more records than one read chunk", async () => {
    const n = 150;
    for (let i = 0; i < n; i++) {
      await t.store.executions.put(
        sampleExecution(`e${String(i).padStart(3, "0")}`, new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString()),
      );
    }
    const all = ids(await t.store.executions.list());
    assert.equal(all.length, n);
    assert.equal(all[0], "e149");
    assert.equal(all[n - 1], "e000");
    assert.equal((await t.store.executions.list({ limit: 70 })).length, 70);
  });

  it("refuses a record of the wrong shape or with a createdTs that is not a time", async () => {
    const check = (e: unknown, pattern: RegExp): boolean => {
      assert.ok(isRowforgeError(e));
      assert.equal(e.code, "RF_RECORD_INVALID");
      assert.match(e.message, pattern);
      return true;
    };
    await assert.rejects(t.store.executions.put(sampleExecution("e1", "soon")), (e) =>
      check(e, /"e1".*createdTs/),
    );
    const badStatus = {
      ...sampleExecution("e2", "2025-03-01T10:00:00Z"),
      status: "paused",
    } as unknown as ExecutionRecord;
    await assert.rejects(t.store.executions.put(badStatus), (e) => check(e, /"e2".*\/status/));
    await assert.rejects(
      t.store.executions.list({ limit: -1 }),
      (e) => isRowforgeError(e) && e.code === "RF_REQUEST_INVALID" && /limit -1/.test(e.message),
    );
    assert.deepEqual(await t.store.executions.list(), []);
  });

  it("keeps executions after close and re-open", async () => {
    await t.store.executions.put(sampleExecution("e1", "2025-03-01T10:00:00.000Z", { status: "success" }));
    await t.reopen();
    assert.equal((await t.store.executions.get("e1"))?.status, "success");
    assert.deepEqual(ids(await t.store.executions.listByStatus("success")), ["e1"]);
  });
});
