import { type CompiledPlan, compilePlan } from "../compile/compile-plan.ts";
import { loadPlanCode } from "../compile/load-plan-code.ts";
import { adoptFakerPools } from "../generators/faker-pools.ts";
import type { PlanRegistration } from "./batch-task.ts";

/** Compiled plans by key, in one thread: each registered plan is compiled once (or its registering thread's compile adopted), the oldest dropped past `max`. */
export interface PlanCache {
  get(planKey: string): CompiledPlan | undefined;
  /**
   * The plan compiled (once; later calls with the same key return the first). The engine code
   * it needs must be loaded on this thread (a compile made here did; else use `load`).
   */
  compile(registration: PlanRegistration): CompiledPlan;
  /** `compile`, after loading the engine code the plan needs (loadPlanCode): a worker's first task of a plan. */
  load(registration: PlanRegistration): Promise<CompiledPlan>;
}

export function createPlanCache(max = 8): PlanCache {
  const cache = new Map<string, CompiledPlan>();
  const plans: PlanCache = {
    get: (key) => cache.get(key),
    async load(r) {
      if (!cache.has(r.planKey) && !r.compiled) await loadPlanCode(r.plan);
      return plans.compile(r);
    },
    compile(r) {
      let compiled = cache.get(r.planKey);
      if (!compiled) {
        // A compile made in this thread is adopted as it is (its faker pools are this thread's already).
        if (r.compiled) compiled = r.compiled;
        else {
          if (r.fakerPools) adoptFakerPools(r.fakerPools);
          compiled = compilePlan(r.plan, r.options);
        }
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(r.planKey, compiled);
      }
      return compiled;
    },
  };
  return plans;
}
