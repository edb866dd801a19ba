import assert from "node:assert/strict";
import { test } from "node:test";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { generateStep } from "../../src/engine/run/generate-step.ts";
import { createInlineExecutor } from "../../src/engine/run/inline-executor.ts";
import { createPoolExecutor } from "../../workers/pool-executor.ts";
import { singleStepPlan, TEST_NOW_MICROS } from "../support/plans.ts";

test("the worker pool and the inline executor give identical bytes, in order", async () => {
  const plan = await singleStepPlan(
    "      - {name: id, options: {regex: 'ID[0-9]{6}', isUnique: true}}\n      - {name: n, options: {expression: '#{Name.firstName}'}}\n      - {name: y, type: int, options: {sql: 'length(n) + __index_inc'}}\n",
    5000,
  );
  const options = { seed: "3", nowMicros: TEST_NOW_MICROS, fastMode: true };
  const [step] = compilePlan(plan, options).steps;
  const collect = async (executor: ReturnType<typeof createInlineExecutor>, batchSize: number) => {
    const parts: Buffer[] = [];
    const starts: number[] = [];
    await generateStep(
      executor,
      { planKey: "p", plan, options },
      { stepId: step!.id, rowCount: step!.rowCount },
      batchSize,
      (bytes, start) => {
        parts.push(Buffer.from(bytes));
        starts.push(start);
      },
    );
    await executor.close();
    return { parts, starts };
  };
  const inline = await collect(createInlineExecutor(), 700);
  const pooled = await collect(createPoolExecutor(2), 700);
  assert.deepEqual(pooled.starts, inline.starts);
  assert.ok(pooled.parts.every((p, i) => p.equals(inline.parts[i]!)));
  assert.equal(inline.starts.length, 8);
});

test("a bad worker count is refused with a message naming the option", () => {
  assert.throws(() => createPoolExecutor(0), /workers must be a whole number/);
});
