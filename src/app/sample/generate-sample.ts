import { randomInt } from "node:crypto";
import type { RecordBatch } from "apache-arrow";
import { type CompiledPlan, compilePlan, type GenerationBudget, withStreamSalt } from "../../engine/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";
import { stepIdOf } from "../../model/step-id.ts";
import { type Lru, lru } from "../../util/lru.ts";
import { chooseSeed } from "../choose-seed.ts";

export interface SampleOptions {
  /** Rows per step. */
  readonly size: number;
  readonly fastMode: boolean;
  readonly nowMicros: number;
  /** The server's generation budget: maxBytesPerSample and the structural limits are checked before a row is made. */
  readonly budget?: GenerationBudget;
  /** Existing rows of reference parents (loadReferences), by step id, read by the caller as `run` reads them. */
  readonly references?: Readonly<Record<string, Uint8Array>>;
}

export interface StepSample {
  readonly step: ResolvedStep;
  readonly batch: RecordBatch;
}

/** The seed unseeded samples compile with; a random stream salt per sample makes them differ. */
const SAMPLE_SEED = "rowforge-sample";

/**
 * Compiled plans per resolved plan object: a client previewing one schema sends it again and
 * again. A few per plan (seed, size, fast mode and the minute of "now" make
 * one); the entry goes with the plan object.
 */
const compiledPlans = new WeakMap<ResolvedPlan, Lru<CompiledPlan>>();

function compile(
  plan: ResolvedPlan,
  seed: string,
  o: SampleOptions,
  sampled: readonly string[] | undefined,
): CompiledPlan {
  // Compiled as `run` compiles it (its counts, its foreign keys): a step's sample is its first
  // rows of the run, keys of children drawn over all the parent's rows, groups sized as the run's.
  return compilePlan(plan, {
    seed,
    nowMicros: o.nowMicros,
    fastMode: o.fastMode,
    ...(plan.config.generation.numRecordsPerStep !== undefined
      ? { numRecordsPerStep: plan.config.generation.numRecordsPerStep }
      : {}),
    sampleRows: o.size,
    ...(sampled ? { sampledSteps: sampled } : {}),
    ...(o.budget ? { budget: o.budget } : {}),
    ...(o.references ? { references: o.references } : {}),
  });
}

function cachedCompile(
  plan: ResolvedPlan,
  seed: string,
  o: SampleOptions,
  sampled: readonly string[] | undefined,
): CompiledPlan {
  // Reference data is read afresh for each sample: its compiled plan is not kept.
  if (o.references && Object.keys(o.references).length > 0) return compile(plan, seed, o, sampled);
  let plans = compiledPlans.get(plan);
  if (!plans) {
    plans = lru(4);
    compiledPlans.set(plan, plans);
  }
  const key = `${seed}\u0000${o.size}\u0000${o.fastMode}\u0000${o.nowMicros}\u0000${sampled?.join("\u0001") ?? ""}`;
  return plans.get(key, () => compile(plan, seed, o, sampled));
}

/**
 * Generates a few rows of the chosen steps of a plan (all enabled steps when none are
 * chosen): the first rows `run` writes with the same seed and "now" (foreign keys kept, also
 * without enableRelationships: a child's keys are those of parent rows the run writes, not
 * only of the parent's sample).
 *
 * A plan with a seed gives the same sample every time. Without one each sample is new: the
 * plan is compiled once and every sample draws under its own random stream salt, or, when
 * the plan cannot be salted (drawn group sizes, fields with their own seed), it is compiled
 * with a new random seed.
 */
export function generateSample(
  plan: ResolvedPlan,
  chosen: readonly ResolvedStep[] | undefined,
  o: SampleOptions,
): StepSample[] {
  const planSeed = plan.plan.sinkOptions.seed;
  // A sample of some steps is judged (budget) and compiled for them and their parents alone.
  const sampled = chosen?.map(stepIdOf);
  let c = cachedCompile(plan, planSeed ?? SAMPLE_SEED, o, sampled);
  let salt = 0;
  if (planSeed === undefined) {
    if (c.reseedable) salt = randomInt(1, 2 ** 32 - 1);
    else c = compile(plan, chooseSeed(undefined, undefined).seed, o, sampled);
  }
  const wanted = chosen ?? plan.steps;
  return withStreamSalt(salt, () =>
    wanted.map((step) => {
      const id = stepIdOf(step);
      const s = c.step(id);
      if (!s) throw new RowforgeError("RF_INTERNAL", `step ${id} is not in the compiled plan`);
      return { step, batch: s.batch(0, Math.min(s.rowCount, o.size)) };
    }),
  );
}
