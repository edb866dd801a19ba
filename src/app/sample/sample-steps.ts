import type { ResourceAccess } from "../../access/index.ts";
import { loadPlanCode, resolveBudget } from "../../engine/index.ts";
import { didYouMean, RowforgeError } from "../../errors/index.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";
import { stepIdOf } from "../../model/step-id.ts";
import { loadReferences } from "../schemas/load-references.ts";
import { generateSample, type StepSample } from "./generate-sample.ts";

/** The plan with this seed (a `--seed` or the library's `seed`), or as it is when none is given. */
export const withSeed = (plan: ResolvedPlan, seed: string | undefined): ResolvedPlan =>
  seed === undefined
    ? plan
    : { ...plan, plan: { ...plan.plan, sinkOptions: { ...plan.plan.sinkOptions, seed } } };

/** The enabled steps named `name` (all of them when no name is given); RF_STEP_NOT_FOUND names the others. */
export function chosenSteps(plan: ResolvedPlan, name: string | undefined): readonly ResolvedStep[] {
  if (name === undefined) return plan.steps;
  const found = plan.steps.filter((s) => s.step.name === name);
  if (found.length > 0) return found;
  const names = plan.steps.map((s) => s.step.name);
  const suggestion = didYouMean(name, names);
  throw new RowforgeError(
    "RF_STEP_NOT_FOUND",
    `step "${name}" is not an enabled step of plan ${plan.plan.name}${suggestion ? `; ${suggestion}` : ""}`,
    { hint: `steps: ${names.join(", ") || "(none)"}` },
  );
}

export interface SampleStepsOptions {
  readonly rows: number;
  readonly pooled: boolean;
  readonly nowMicros: number;
  readonly access: ResourceAccess;
}

/**
 * The first rows `run` writes of these steps of a checked plan (`rowforge sample`, the
 * library's sample()): its transformations and code loaded, the existing rows of reference
 * parents read, its configured budget applied.
 */
export async function sampleSteps(
  plan: ResolvedPlan,
  steps: readonly ResolvedStep[],
  o: SampleStepsOptions,
): Promise<StepSample[]> {
  await loadPlanCode(plan);
  return generateSample(plan, steps, {
    size: o.rows,
    fastMode: o.pooled,
    nowMicros: o.nowMicros,
    references: await loadReferences(plan, o.access, steps.map(stepIdOf)),
    // The plan's configured budget (application.conf), as `run` takes it.
    budget: resolveBudget(plan.config.budget),
  });
}
