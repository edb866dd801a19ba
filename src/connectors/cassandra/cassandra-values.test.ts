import assert from "node:assert/strict";
import { test } from "node:test";
import { EVERY_TYPE_FIELDS } from "../../../test/support/every-type-fields.ts";
import { singleStepPlan, TEST_NOW_MICROS } from "../../../test/support/plans.ts";
import { compilePlan } from "../../engine/compile/compile-plan.ts";
import { loadCassandraDriver } from "./cassandra-driver.ts";
import { batchBytes, batchParameters, parameterBytes } from "./cassandra-values.ts";

// Every type, nulls in every column, and text beyond ASCII.
const FIELDS = `${EVERY_TYPE_FIELDS}      - {name: name, options: {expression: "#{Name.name} – ünïcødé ✓"}}\n`;

test("a batch's CQL bytes counted per column from its Arrow buffers are what counting every parameter gives", async () => {
  await loadCassandraDriver(); // dates become the driver's LocalDate
  const plan = await singleStepPlan(FIELDS, 500, "    options: {enableNull: true, nullProb: 0.3}\n");
  const step = compilePlan(plan, { seed: "7", nowMicros: TEST_NOW_MICROS, fastMode: true }).steps[0]!;
  for (const [start, count] of [
    [0, 500],
    [123, 77],
    [0, 1],
  ] as const) {
    const batch = step.batch(start, count);
    const rows = batchParameters(batch);
    const all = batch.schema.fields.map(() => true);
    assert.equal(batchBytes(batch, rows, all), parameterBytes(rows), `rows ${start}+${count}`);
    // Adapted columns (here: every other one) are counted value by value, as their values went.
    const some = batch.schema.fields.map((_, k) => k % 2 === 0);
    assert.equal(batchBytes(batch, rows, some), parameterBytes(rows), `rows ${start}+${count}, some adapted`);
  }
});
