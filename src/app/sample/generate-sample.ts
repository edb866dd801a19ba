import type { RecordBatch } from "apache-arrow";
import type { ResolvedPlan, ResolvedStep } from "../../config/resolve/resolved-plan.ts";
import { compilePlan } from "../../engine/compile/compile-plan.ts";
import { chooseSeed } from "../choose-seed.ts";

export interface SampleOptions {
  /** Rows per step. */
  readonly size: number;
  readonly fastMode: boolean;
  /** Keep foreign keys: child samples hold only keys of the parent samples. */
  readonly relationships: boolean;
  readonly nowMicros: number;
}

export interface StepSample {
  readonly step: ResolvedStep;
  readonly batch: RecordBatch;
}

/**
 * Generates a few rows of the chosen steps of a plan (all enabled steps when none are
 * chosen). Every step is sized to the sample, so with relationships a child's keys are
 * drawn from exactly the parent rows in the parent's sample.
 */
export function generateSample(
  plan: ResolvedPlan,
  chosen: readonly ResolvedStep[] | undefined,
  o: SampleOptions,
): StepSample[] {
  const source = o.relationships
    ? plan
    : { ...plan, plan: { ...plan.plan, sinkOptions: { ...plan.plan.sinkOptions, foreignKeys: [] } } };
  const { seed } = chooseSeed(undefined, plan.plan.sinkOptions.seed);
  const compiled = compilePlan(source, {
    seed,
    nowMicros: o.nowMicros,
    fastMode: o.fastMode,
    numRecordsPerStep: o.size,
  });
  const wanted = chosen ?? plan.steps;
  return wanted.map((step) => {
    const id = `${step.dataSourceName}.${step.step.name}`;
    const c = compiled.step(id);
    if (!c) throw new Error(`step ${id} is not in the compiled plan`);
    return { step, batch: c.batch(0, Math.min(c.rowCount, o.size)) };
  });
}
