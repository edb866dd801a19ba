import type { RecordBatch } from "apache-arrow";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { loadSqlCompiler } from "../../src/engine/sql/index.ts";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import { TEST_NOW_MICROS } from "./plans.ts";

// Plans with sql fields compile with the SQL compiler loaded, as a run's loadPlanCode leaves it.
await loadSqlCompiler();

export type Row = Record<string, unknown>;

/** Plain rows of a batch (bigints as numbers when safe, Arrow rows as objects). */
export function rowsOf(batch: RecordBatch): Row[] {
  return batch
    .toArray()
    .map(
      (r) =>
        JSON.parse(JSON.stringify(r.toJSON(), (_k, v) => (typeof v === "bigint" ? Number(v) : v))) as Row,
    );
}

/** JSON text of a value with bigints as exact decimal text and bytes as number lists: for equality checks. */
export const exactJson = (value: unknown): string =>
  JSON.stringify(value, (_k, v) =>
    typeof v === "bigint" ? String(v) : v instanceof Uint8Array ? [...v] : v,
  );

/** The exact JSON text of a batch's rows (see exactJson). */
export const rowsJson = (batch: RecordBatch): string => exactJson(batch.toArray().map((r) => r.toJSON()));

/** Every row of every step of a plan, keyed by step id. */
export function generateAll(plan: ResolvedPlan, seed = "1", fastMode = true): Map<string, Row[]> {
  const c = compilePlan(plan, { seed, nowMicros: TEST_NOW_MICROS, fastMode });
  return new Map(c.steps.map((s) => [s.id, rowsOf(s.batch(0, s.rowCount))]));
}
