import type { CompiledPlan } from "../compile/compile-plan.ts";
import { collectFakerPools, type FakerPoolEntry } from "../generators/faker-pools.ts";

/**
 * The fast-mode faker pools a plan's steps use, made here once by generating one row of each
 * step, to be sent to the worker threads with the plan. A step that fails on its first row
 * is passed over: the run meets the same failure where it is reported properly.
 */
export function planFakerPools(compiled: CompiledPlan, only?: ReadonlySet<string>): FakerPoolEntry[] {
  return collectFakerPools(() => {
    for (const step of compiled.steps) {
      if (step.rowCount === 0 || (only && !only.has(step.id))) continue;
      try {
        step.batch(0, 1);
      } catch {
        // Reported by the run itself.
      }
    }
  });
}
