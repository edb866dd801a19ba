import assert from "node:assert/strict";
import { test } from "node:test";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { singleStepPlan, TEST_NOW_MICROS } from "../support/plans.ts";
import { generateAll } from "../support/rows.ts";

/** The values of field x; decimals come back from Arrow as their unscaled digits. */
const values = async (field: string, records: number, scale?: number): Promise<number[]> => {
  const rows = [...generateAll(await singleStepPlan(`      - ${field}\n`, records)).values()][0]!;
  return rows.map((r) => (scale === undefined ? Number(r.x) : Number(JSON.parse(String(r.x))) / 10 ** scale));
};

test("item 6: isUnique on a double range counts the grid of doubles, not the integers, and values are not whole", async () => {
  // 500 unique values between 0 and 1: impossible when only whole numbers counted.
  const xs = await values("{name: x, type: double, options: {min: 0, max: 1, isUnique: true}}", 500);
  assert.equal(new Set(xs).size, 500);
  for (const x of xs) assert.ok(x >= 0 && x <= 1, `${x} in range`);
  assert.ok(xs.filter((x) => !Number.isInteger(x)).length >= 498, "unique doubles are not whole numbers");
  const fs = await values("{name: x, type: float, options: {min: 0, max: 10, isUnique: true}}", 90);
  assert.equal(new Set(fs.map((x) => Math.fround(x))).size, 90, "distinct once stored as 32-bit floats");
});

test("item 6: isUnique on a decimal counts 10^-scale steps, and refuses what the range cannot hold", async () => {
  const ds = await values(
    "{name: x, type: 'decimal(5,2)', options: {min: 1, max: 2, isUnique: true}}",
    101,
    2,
  );
  assert.equal(new Set(ds).size, 101);
  for (const d of ds) assert.ok(d >= 1 && d <= 2, `${d} in range`);
  const plan = await singleStepPlan(
    "      - {name: x, type: 'decimal(5,2)', options: {min: 1, max: 2, isUnique: true}}\n",
    102,
  );
  assert.throws(
    () => compilePlan(plan, { seed: "1", nowMicros: TEST_NOW_MICROS, fastMode: true }),
    /asks for 102 unique values but the range 1\.\.2 holds only 101 in steps of 0\.01/,
  );
  const rounded = await values(
    "{name: x, type: double, options: {min: 0, max: 5, round: 1, isUnique: true}}",
    51,
  );
  assert.deepEqual(
    [...rounded].sort((a, b) => a - b),
    Array.from({ length: 51 }, (_, i) => i / 10),
  );
});
