import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import { walkFields } from "../../model/walk-fields.ts";
import { loadSqlCompiler } from "../sql/index.ts";

/** Whether a field of the plan, at any depth, is computed by a `sql` expression. */
export function planHasSql(plan: ResolvedPlan): boolean {
  return plan.steps.some(
    (r) =>
      !walkFields(r.step.fields, {}, (field, context) =>
        field.options.sql === undefined ? context : undefined,
      ),
  );
}

/**
 * Loads the engine code that compiling this plan needs beyond what every plan uses: the SQL
 * compiler for a plan with `sql` fields. compilePlan is synchronous and finds it loaded; call
 * this first, on each thread that compiles the plan. A plan without SQL loads nothing.
 */
export async function loadPlanCode(plan: ResolvedPlan): Promise<void> {
  if (planHasSql(plan)) await loadSqlCompiler();
}
