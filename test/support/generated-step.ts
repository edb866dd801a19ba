import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import type { CompiledStep } from "../../src/engine/index.ts";
import { loadSqlCompiler } from "../../src/engine/sql/index.ts";
import { singleStepPlan, TEST_NOW_MICROS } from "./plans.ts";

/** A field of each kind the database column encoders cover, as generators make them: sql, ranges with nulls, regex. */
const FIELDS = `      - {name: id, type: long, options: {sql: "__index_inc"}}
      - {name: qty, type: int, options: {min: -1000, max: 1000, enableNull: true, nullProb: 0.2}}
      - {name: name, options: {regex: "[A-Z][a-z]{4,11}"}}
      - {name: amount, type: "decimal(12,2)", options: {min: -100000, max: 100000}}
      - {name: born, type: date, options: {min: "1950-01-01", max: "2005-12-31"}}
      - {name: created, type: timestamp, options: {min: "1990-01-01 00:00:00", max: "2026-01-01 00:00:00"}}
      - {name: ok, type: boolean}
`;

/**
 * A generated step of 400 rows with the fields id (long), qty (int), name (string), amount
 * (decimal(12,2)), born (date), created (timestamp) and ok (boolean), compiled as a run
 * compiles it (seed 5, fast mode): for tests that hold a column encoder against the Arrow path
 * on generated rows. The SQL compiler (id's `sql` option) is loaded first.
 */
export async function generatedStep(): Promise<CompiledStep> {
  await loadSqlCompiler();
  const plan = await singleStepPlan(FIELDS, 400);
  const step = compilePlan(plan, { seed: "5", nowMicros: TEST_NOW_MICROS, fastMode: true }).steps[0];
  if (!step) throw new Error("the one-step plan compiled to no step");
  return step;
}
