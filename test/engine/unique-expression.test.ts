import assert from "node:assert/strict";
import { test } from "node:test";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { singleStepPlan, TEST_NOW_MICROS } from "../support/plans.ts";
import { generateAll, rowsOf } from "../support/rows.ts";

const column = async (field: string, records: number, extra = ""): Promise<unknown[]> => {
  const rows = [...generateAll(await singleStepPlan(`      - ${field}\n${extra}`, records)).values()][0]!;
  return rows.map((r) => r.x);
};

test("isUnique on a Datafaker expression gives distinct values, the same ones at every run", async () => {
  // Fast-mode pools hold 4,096 values per call: 3,000 emails from them would repeat about a thousand times.
  const field = "{name: x, options: {expression: '#{Internet.emailAddress}', isUnique: true}}";
  const xs = await column(field, 3000);
  assert.equal(xs.length, 3000);
  assert.equal(new Set(xs).size, 3000);
  for (const x of xs) assert.match(String(x), /^[^@\s]+@[^@\s]+\.[a-z]+$/);
  assert.deepEqual(await column(field, 3000), xs, "deterministic");
});

test("a unique expression's row keeps its value whatever the batch it is made in", async () => {
  const field = "{name: x, options: {expression: '#{Name.firstName}', isUnique: true}}";
  const whole = await column(field, 1200);
  assert.equal(new Set(whole).size, 1200);
  // A fresh compile (as a worker thread makes) generating rows 700..1200 alone, then 0..700.
  const step = compilePlan(await singleStepPlan(`      - ${field}\n`, 1200), {
    seed: "1",
    nowMicros: TEST_NOW_MICROS,
    fastMode: true,
  }).steps[0]!;
  const late = rowsOf(step.batch(700, 500)).map((r) => r.x);
  const early = rowsOf(step.batch(0, 700)).map((r) => r.x);
  assert.deepEqual([...early, ...late], whole);
});

test("isUnique on an expression with too few values is refused, naming the field and what it found", async () => {
  await assert.rejects(
    async () =>
      column("{name: x, options: {expression: '#{Options.option ''a'',''b'',''c''}', isUnique: true}}", 10),
    /field ".*x" asks for 10 unique values but expression .* gave only 3 distinct values/,
  );
});
