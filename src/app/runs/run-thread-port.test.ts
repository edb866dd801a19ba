import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { MessageChannel } from "node:worker_threads";
import { fixtureDir } from "../../../test/support/fixture-dir.ts";
import { sampleExecution } from "../../../test/support/store/store-samples.ts";
import { isRowforgeError, RowforgeError } from "../../errors/index.ts";
import { openStore } from "../../store/index.ts";
import type { JobEnd } from "./run-host.ts";
import type { JobListener } from "./run-job.ts";
import { runThreadSide, serveRunThread } from "./run-thread-port.ts";

const record = sampleExecution("r1", "2026-12-02T09:59:00.000Z", {
  planName: "p",
  status: "success",
  runBy: "api",
  updatedBy: "api",
  timeTaken: "1.00s",
});

test("a run thread's port carries its events, its calls (leftovers, the run history) and its end; the main thread's abort reaches its signal", async () => {
  const store = await openStore(join(fixtureDir({}), "home"));
  const { port1, port2 } = new MessageChannel();
  try {
    await store.executions.put(record);
    const told: string[] = [];
    const listener: JobListener = {
      progress: (step, done, total) => told.push(`progress ${step} ${done}/${total}`),
      stepStart: (step) => told.push(`start ${step}`),
      stepDone: (r) => told.push(`done ${r.name}`),
      leftovers: async (list) => {
        told.push(`leftovers ${list.map((l) => l.path).join(",")}`);
      },
    };
    let end!: (e: JobEnd) => void;
    const ended = new Promise<JobEnd>((r) => {
      end = r;
    });
    const main = serveRunThread(port1, listener, { executions: store.executions }, end);
    const thread = runThreadSide(port2, true);

    thread.listener.stepStart("a");
    thread.listener.progress("a", 5, 10);
    await thread.listener.leftovers([{ path: "/out/_temporary-r2", kind: "temporary" }]);
    // Calls are answered in order after the events sent before them.
    assert.deepEqual(told, ["start a", "progress a 5/10", "leftovers /out/_temporary-r2"]);
    assert.equal(main.threadId(), 0, "the thread said which it is (0: this test's main thread)");

    // The history, read and written in the main thread's store.
    assert.ok(!("missing" in thread.history));
    const history = "executions" in thread.history ? thread.history.executions : undefined;
    assert.deepEqual(
      (await history?.list())?.map((r) => r.id),
      ["r1"],
    );
    await history?.put({ ...record, id: "r2" });
    assert.equal((await store.executions.get("r2"))?.id, "r2");
    assert.equal(await history?.get("nope"), undefined);

    main.abort(new RowforgeError("RF_RUN_CANCELLED", "cancelled"));
    await new Promise((r) => thread.signal.addEventListener("abort", r, { once: true }));
    assert.ok(isRowforgeError(thread.signal.reason) && thread.signal.reason.code === "RF_RUN_CANCELLED");

    thread.end({ error: new RowforgeError("RF_VALUE_INVALID", "the plan is invalid") });
    const e = await ended;
    assert.equal(e.kind, "failed");
    assert.ok(e.kind === "failed" && isRowforgeError(e.error) && e.error.code === "RF_VALUE_INVALID");
  } finally {
    port1.close();
    await store.close();
  }
});

test("a run thread without a history is told why, as delete mode reports it", () => {
  const { port1, port2 } = new MessageChannel();
  const thread = runThreadSide(port2, { missing: "no home" });
  assert.deepEqual(thread.history, { missing: "no home" });
  port1.close();
});
