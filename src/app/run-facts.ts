import type { CompiledPlan, PlanCompileOptions } from "../engine/index.ts";
import { resolveBudget } from "../engine/index.ts";
import type { ResolvedPlan } from "../model/resolved-plan.ts";
import { chooseSeed } from "./choose-seed.ts";
import type { SchemaReading } from "./schemas/read-schemas.ts";

/** The seed, time and compile options of a run, fixed once before it compiles. */
export interface RunFacts {
  readonly seed: string;
  /** The seed was chosen at random (neither asked for nor the plan's): the run reports it. */
  readonly seedChosen: boolean;
  readonly nowMicros: number;
  readonly compileOptions: PlanCompileOptions;
}

/**
 * A plan read (its tables, metadata sources) and compiled with a run's facts, in the thread
 * the run generates in: the pre-run check (checkRun) makes it, and the run adopts it instead of
 * reading the tables and compiling the plan again.
 */
export interface CompiledRun extends RunFacts {
  readonly reading: SchemaReading;
  readonly compiled: CompiledPlan;
}

/**
 * A run's seed, reference time and compile options: the seed asked for, else the plan's, else
 * one chosen at random; the time given, else the wall clock.
 */
export function runFacts(
  plan: ResolvedPlan,
  options: { readonly seed?: string; readonly nowMicros?: number; readonly fastMode?: boolean },
  references: Readonly<Record<string, Uint8Array>>,
): RunFacts {
  const { seed, chosen } = chooseSeed(options.seed, plan.plan.sinkOptions.seed);
  const nowMicros = options.nowMicros ?? Date.now() * 1000;
  return {
    seed,
    seedChosen: chosen,
    nowMicros,
    compileOptions: {
      seed,
      references,
      nowMicros,
      fastMode: options.fastMode ?? false,
      budget: resolveBudget(plan.config.budget),
      ...(plan.config.generation.numRecordsPerStep !== undefined
        ? { numRecordsPerStep: plan.config.generation.numRecordsPerStep }
        : {}),
    },
  };
}
