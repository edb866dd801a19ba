// rowforge-test: alone (a step outrunning its thread's 100 ms turn)
import assert from "node:assert/strict";
import { availableParallelism } from "node:os";
import { test } from "node:test";
import {
  createExecutor,
  createInlineExecutor,
  executorFactory,
  INLINE_BELOW_ROWS,
} from "../../src/app/executors.ts";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import type { BatchExecutor, BatchResult, EncodeSpec } from "../../src/engine/run/batch-task.ts";
import { generateStep } from "../../src/engine/run/generate-step.ts";
import { loadSqlCompiler } from "../../src/engine/sql/index.ts";
import { createHybridExecutor } from "../../workers/hybrid-executor.ts";
import { createPoolExecutor } from "../../workers/pool-executor.ts";
import { singleStepPlan, TEST_NOW_MICROS } from "../support/plans.ts";

// Plans with sql fields compile with the SQL compiler loaded, as a run's loadPlanCode leaves it.
await loadSqlCompiler();

const FIELDS =
  "      - {name: id, options: {regex: 'ID[0-9]{6}', isUnique: true}}\n      - {name: n, options: {expression: '#{Name.firstName}'}}\n      - {name: y, type: int, options: {sql: 'length(n) + __index_inc'}}\n";

async function collect(executor: BatchExecutor, batchSize: number, encode?: EncodeSpec) {
  const plan = await singleStepPlan(FIELDS, 5000);
  const options = { seed: "3", nowMicros: TEST_NOW_MICROS, fastMode: true };
  const [step] = compilePlan(plan, options).steps;
  executor.register({ planKey: "p", plan, options });
  const results: BatchResult[] = [];
  const starts: number[] = [];
  await generateStep(
    executor,
    { planKey: "p", ...(encode ? { encode } : {}) },
    { stepId: step!.id, rowCount: step!.rowCount },
    batchSize,
    (result, start) => {
      results.push(result);
      starts.push(start);
    },
  );
  await executor.close();
  return { results, starts };
}

const bytesOf = (r: BatchResult) => Buffer.from(r.kind === "arrow" ? r.ipc : r.bytes);

test("the worker pool and the inline executor give identical Arrow batches, in order", async () => {
  const inline = await collect(createInlineExecutor(), 700);
  const pooled = await collect(createPoolExecutor(2), 700);
  assert.deepEqual(pooled.starts, inline.starts);
  assert.equal(inline.starts.length, 8);
  assert.ok(inline.results.every((r) => r.kind === "arrow"));
  assert.ok(pooled.results.every((r, i) => bytesOf(r).equals(bytesOf(inline.results[i]!))));
});

for (const format of ["json", "csv"]) {
  test(`both executors encode ${format} when the task asks, and say so in the result's kind`, async () => {
    const encode = { format, options: { header: "false" } };
    const inline = await collect(createInlineExecutor(), 700, encode);
    const pooled = await collect(createPoolExecutor(2), 700, encode);
    for (const r of [...inline.results, ...pooled.results]) {
      assert.equal(r.kind, "encoded");
      if (r.kind === "encoded") assert.equal(r.format, format);
    }
    assert.deepEqual(
      inline.results.map((r) => (r.kind === "encoded" ? r.rows : -1)),
      [700, 700, 700, 700, 700, 700, 700, 100],
    );
    assert.ok(pooled.results.every((r, i) => bytesOf(r).equals(bytesOf(inline.results[i]!))));
    const text = Buffer.concat(inline.results.map(bytesOf)).toString("utf8");
    assert.equal(text.trimEnd().split("\n").length, 5000);
  });
}

test("a task naming a plan that was never registered fails with a coded error", async () => {
  for (const executor of [createInlineExecutor(), createPoolExecutor(1)]) {
    await assert.rejects(executor.run({ planKey: "nope", stepId: "a.b", start: 0, count: 1 }), {
      code: "RF_INTERNAL",
    });
    await executor.close();
  }
});

test("one choice of executor: inline below the threshold or with 0 workers, else a pool", async () => {
  const small = createExecutor({ workers: 4, totalRows: INLINE_BELOW_ROWS - 1 });
  const none = createExecutor({ workers: 0, totalRows: 10 * INLINE_BELOW_ROWS });
  const big = createExecutor({ workers: 2, totalRows: INLINE_BELOW_ROWS });
  assert.equal(small.workers, 1);
  assert.equal(none.workers, 1);
  assert.equal(big.workers, 2);
  await Promise.all([small.close(), none.close(), big.close()]);
});

test("a bad worker count is refused with a message naming the option", () => {
  assert.throws(() => createPoolExecutor(0), /workers must be a whole number/);
});

test("a thread that was not sent the plan asks for it, and its batches are the same", async () => {
  const plan = await singleStepPlan(FIELDS, 5000);
  const options = { seed: "3", nowMicros: TEST_NOW_MICROS, fastMode: true };
  const [step] = compilePlan(plan, options).steps;
  const inline = createInlineExecutor();
  const pooled = createPoolExecutor(3);
  for (const e of [inline, pooled]) e.register({ planKey: "k", plan, options });
  const task = (k: number) => ({ planKey: "k", stepId: step!.id, start: k * 100, count: 100 });
  // The plan goes with the first three tasks; one at a time, they likely reach the same idle thread.
  const results: BatchResult[] = [];
  for (let k = 0; k < 3; k++) results.push(await pooled.run(task(k)));
  // All threads busy at once: those never sent the plan answer that they do not know it.
  results.push(...(await Promise.all(Array.from({ length: 12 }, (_, k) => pooled.run(task(k + 3))))));
  const expected = await Promise.all(Array.from({ length: 15 }, (_, k) => inline.run(task(k))));
  assert.ok(results.every((r, i) => bytesOf(r).equals(bytesOf(expected[i]!))));
  await Promise.all([inline.close(), pooled.close()]);
});

test("encoding into handed-back buffers gives the same bytes as fresh ones, in both executors", async () => {
  const plan = await singleStepPlan(FIELDS, 5000);
  const options = { seed: "3", nowMicros: TEST_NOW_MICROS, fastMode: true };
  const [step] = compilePlan(plan, options).steps;
  const encode = { format: "json", options: {} };
  const task = (k: number) => ({ planKey: "k", stepId: step!.id, start: k * 500, count: 500, encode });
  const fresh = createInlineExecutor();
  fresh.register({ planKey: "k", plan, options });
  const expected = await Promise.all(Array.from({ length: 10 }, (_, k) => fresh.run(task(k))));
  for (const executor of [createInlineExecutor(), createPoolExecutor(2)]) {
    executor.register({ planKey: "k", plan, options });
    const seen = new Set<ArrayBufferLike>();
    for (let k = 0; k < 10; k++) {
      const result = await executor.run(task(k));
      assert.ok(bytesOf(result).equals(bytesOf(expected[k]!)), `batch ${k}`);
      if (result.kind === "encoded") seen.add(result.bytes.buffer);
      // Written: the bytes go back for a later batch (after which they must not be read).
      executor.recycle(result);
    }
    if (executor.workers === 1) assert.equal(seen.size, 1, "the inline executor reuses one buffer");
    await executor.close();
  }
});

test("a smaller first batch changes where batches end, not the text they make", async () => {
  const plan = await singleStepPlan(FIELDS, 5000);
  const options = { seed: "3", nowMicros: TEST_NOW_MICROS, fastMode: true };
  const [step] = compilePlan(plan, options).steps;
  const encode = { format: "json", options: {} };
  const run = async (firstBatchRows?: number) => {
    const executor = createInlineExecutor();
    executor.register({ planKey: "p", plan, options });
    const counts: number[] = [];
    const parts: Buffer[] = [];
    await generateStep(
      executor,
      { planKey: "p", encode },
      { stepId: step!.id, rowCount: step!.rowCount, ...(firstBatchRows ? { firstBatchRows } : {}) },
      2000,
      (result, _start, count) => {
        counts.push(count);
        parts.push(Buffer.from(bytesOf(result)));
      },
    );
    await executor.close();
    return { counts, text: Buffer.concat(parts) };
  };
  const plain = await run();
  const small = await run(300);
  assert.deepEqual(plain.counts, [2000, 2000, 1000]);
  assert.deepEqual(small.counts, [300, 2000, 2000, 700]);
  assert.ok(small.text.equals(plain.text));
});

test("an inline executor with an overflow keeps quick steps in its thread and hands slow ones to worker threads, with the same values", async () => {
  const slow = `${FIELDS}      - {name: h, type: long, options: {sql: "aggregate(sequence(1, 10000), 0L, (acc, x) -> acc + length(sha2(concat(cast(x as string), id), 256)))"}}\n`;
  const run = async (fields: string) => {
    let pools = 0;
    const executor = createInlineExecutor({
      pool: () => {
        pools++;
        return createPoolExecutor(1);
      },
      maxTurnMs: 100,
    });
    const plan = await singleStepPlan(fields, 60);
    const options = { seed: "3", nowMicros: TEST_NOW_MICROS, fastMode: true };
    const [step] = compilePlan(plan, options).steps;
    const results: BatchResult[] = [];
    const plain = createInlineExecutor();
    for (const e of [executor, plain]) e.register({ planKey: "p", plan, options });
    await generateStep(executor, { planKey: "p" }, { stepId: step!.id, rowCount: 60 }, 20, (r) => {
      results.push(r);
    });
    const expected: BatchResult[] = [];
    await generateStep(plain, { planKey: "p" }, { stepId: step!.id, rowCount: 60 }, 20, (r) => {
      expected.push(r);
    });
    await Promise.all([executor.close(), plain.close()]);
    assert.ok(results.every((r, i) => bytesOf(r).equals(bytesOf(expected[i]!))));
    return pools;
  };
  // 20 rows of 10,000 SHA-256 rounds each take far longer than 100 ms on any machine (2,000 could
  // end within it once text was built faster); 20 plain rows far less.
  assert.equal(await run(slow), 1, "the slow step's batches went to a worker thread");
  assert.equal(await run(FIELDS), 0, "the quick step stayed in this thread");
});

/** An executor whose runs are counted (the real executor makes them). */
const counted = (executor: BatchExecutor) => {
  const count = { runs: 0 };
  const wrapped: BatchExecutor = {
    ...executor,
    run: (task) => {
      count.runs++;
      return executor.run(task);
    },
  };
  return { executor: wrapped, count };
};

test("the calling thread and a worker thread share one step's tasks and give the inline executor's bytes, in order", async () => {
  const encode = { format: "json", options: {} };
  const inline = await collect(createInlineExecutor(), 250, encode);
  const pool = counted(createPoolExecutor(1, { tasksPerWorker: 2 }));
  const here = counted(createInlineExecutor({ pool: () => pool.executor }));
  const hybrid = createHybridExecutor(pool.executor, here.executor);
  assert.equal(hybrid.workers, 2);
  const shared = await collect(hybrid, 250, encode);
  assert.deepEqual(shared.starts, inline.starts);
  assert.equal(shared.starts.length, 20);
  assert.ok(shared.results.every((r, i) => bytesOf(r).equals(bytesOf(inline.results[i]!))));
  // The worker boots while the calling thread makes the tasks beyond the pool's two.
  assert.ok(here.count.runs > 0, "the calling thread made batches");
  assert.ok(pool.count.runs > 0, "the worker thread made batches");
  // A quick step: no task the calling thread took went on to the worker (it would count twice).
  assert.equal(here.count.runs + pool.count.runs, 20);
});

test("closing the hybrid executor rejects the tasks still waiting for a thread", async () => {
  const plan = await singleStepPlan(FIELDS, 5000);
  const options = { seed: "3", nowMicros: TEST_NOW_MICROS, fastMode: true };
  const [step] = compilePlan(plan, options).steps;
  const pool = createPoolExecutor(1, { tasksPerWorker: 2 });
  const hybrid = createHybridExecutor(pool, createInlineExecutor({ pool: () => pool }));
  hybrid.register({ planKey: "p", plan, options });
  const runs = Array.from({ length: 8 }, (_, k) =>
    hybrid.run({ planKey: "p", stepId: step!.id, start: k * 100, count: 100 }),
  );
  for (const r of runs) r.catch(() => undefined);
  await hybrid.close();
  const settled = await Promise.allSettled(runs);
  assert.ok(settled.some((s) => s.status === "rejected" && /closed/.test(String(s.reason))));
  await assert.rejects(hybrid.run({ planKey: "p", stepId: step!.id, start: 0, count: 1 }), {
    code: "RF_INTERNAL",
  });
});

test("by default a large run whose sinks only write worker-encoded text takes the calling thread as one of its threads", async () => {
  const factory = executorFactory();
  const idle = factory(10 * INLINE_BELOW_ROWS, { callingThreadIdle: true });
  const busy = factory(10 * INLINE_BELOW_ROWS, { callingThreadBusy: true });
  const asked = executorFactory(2)(10 * INLINE_BELOW_ROWS, { callingThreadIdle: true });
  const cores = availableParallelism();
  assert.equal(idle.inCallingThread, cores > 1, "the calling thread takes tasks");
  assert.equal(idle.workers, cores);
  assert.equal(asked.inCallingThread, false, "--workers N asks for N worker threads");
  assert.equal(asked.workers, 2);
  assert.equal(busy.inCallingThread, false);
  await Promise.all([idle.close(), busy.close(), asked.close()]);
});
