import { withSessions } from "../../connectors/table/step-sessions.ts";
import { GENERATOR_VERSION } from "../../engine/index.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { StepReport } from "../../model/step-report.ts";
import type { ValidationResult } from "../../quality/index.ts";
import { runValidations } from "../validations/run-validations.ts";
import { type GenerateOptions, type Generation, generatePlan } from "./generate-plan.ts";
import { type PreparedRun, type PrepareRunOptions, prepareRun } from "./prepare-run.ts";
import type { RecomputeFacts } from "./run-details.ts";
import { runScratchFolder, withScratchFolder } from "./run-scratch.ts";

/** A run in this thread: what it checks first (PrepareRunOptions) and how it generates (GenerateOptions). */
export interface RunPlanOptions extends PrepareRunOptions, GenerateOptions {}

export interface RunResult {
  readonly runId: string;
  readonly planName: string;
  readonly seed: string;
  readonly seedChosen: boolean;
  readonly nowMicros: number;
  readonly generatorVersion: number;
  readonly success: boolean;
  readonly failedReason: string | null;
  readonly seconds: number;
  readonly steps: readonly StepReport[];
  /** True when the run was cancelled (on request, by a signal or by a limit). */
  readonly cancelled?: boolean;
  /** The plan's validations, run on what it wrote (absent when it has none, enableValidation is off or the run failed). */
  readonly validations?: readonly ValidationResult[];
  /** What the run found that may fail it: CHECK constraints of its tables it does not honour. */
  readonly warnings?: readonly string[];
  /** What regenerates the rows of the steps it wrote (delete mode); generate runs only. */
  readonly recompute?: RecomputeFacts;
}

/**
 * Runs a generate run in this thread, in its three steps: prepare (every check, the plan read
 * and compiled once, or adopted from the pre-run check), generate (every step written), then
 * validate what was written. A failure stops the run and is reported in the result, never
 * thrown past here, except what prepare refuses (an invalid plan), thrown before anything is
 * written.
 */
export const runPlan = (given: ResolvedPlan, options: RunPlanOptions): Promise<RunResult> =>
  // A database step's table is read, checked and written through one connection (kept from
  // its reading, in the pre-run check when it gives them, to its sink); what no sink took is
  // ended with the run, or by the caller that gave them.
  withSessions(options.sessions, (sessions) => runPlanThrough(given, { ...options, sessions }));

async function runPlanThrough(given: ResolvedPlan, options: RunPlanOptions): Promise<RunResult> {
  const started = performance.now();
  const run = await prepareRun(given, options);
  const generation = await generatePlan(run, options);
  const validations = await validateRun(run, generation, options);
  const { compileOptions } = run;
  return {
    runId: run.runId,
    planName: run.plan.plan.name,
    seed: run.seed,
    seedChosen: run.seedChosen,
    nowMicros: run.nowMicros,
    generatorVersion: GENERATOR_VERSION,
    success: generation.failedReason === null,
    failedReason: generation.failedReason,
    seconds: (performance.now() - started) / 1000,
    steps: generation.steps,
    ...(validations ? { validations } : {}),
    ...(run.warnings.length > 0 ? { warnings: run.warnings } : {}),
    ...(generation.cancelled ? { cancelled: true } : {}),
    recompute: {
      generatorVersion: GENERATOR_VERSION,
      fastMode: compileOptions.fastMode,
      ...(compileOptions.numRecordsPerStep !== undefined
        ? { numRecordsPerStep: compileOptions.numRecordsPerStep }
        : {}),
      checks: generation.checks,
    },
  };
}

/**
 * The validation step of a run: the plan's validations check what it wrote, once it all is
 * written (not after a failure or a cancel, nor when it has none or enableValidation is off).
 */
async function validateRun(
  run: PreparedRun,
  generation: Generation,
  options: RunPlanOptions,
): Promise<readonly ValidationResult[] | undefined> {
  const { plan } = run;
  if (
    generation.failedReason !== null ||
    generation.cancelled ||
    plan.validations.length === 0 ||
    !plan.config.flags.enableValidation
  )
    return undefined;
  // Validations spill and spool into the run's own folder (announced as a leftover by generatePlan).
  const scratch = runScratchFolder(run.runId);
  return withScratchFolder(scratch, () =>
    runValidations(plan, {
      access: options.access,
      limits: { nowMicros: run.nowMicros, spillDir: scratch },
      stepReports: generation.steps,
      ...(options.connections ? { connections: options.connections } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    }),
  );
}
