import { randomUUID } from "node:crypto";
import { tableFromIPC } from "apache-arrow";
import type { ResolvedPlan, ResolvedStep } from "../config/resolve/resolved-plan.ts";
import type { StepSink } from "../connectors/connector.ts";
import { fileConnector } from "../connectors/file/file-connector.ts";
import { type CompiledPlan, compilePlan } from "../engine/compile/compile-plan.ts";
import type { CompiledStep } from "../engine/compile/compile-step.ts";
import { GENERATOR_VERSION } from "../engine/generator-version.ts";
import type { BatchExecutor } from "../engine/run/batch-task.ts";
import { generateStep } from "../engine/run/generate-step.ts";
import { isRowforgeError } from "../errors/index.ts";
import { checkStepRunnable, isReference } from "./check-step-runnable.ts";
import { chooseSeed } from "./choose-seed.ts";
import type { StepReport } from "./step-report.ts";

export interface RunPlanOptions {
  readonly seed?: string;
  /** The run's reference time in microseconds since the epoch; the wall clock when not given. */
  readonly nowMicros?: number;
  readonly fastMode?: boolean;
  readonly runId?: string;
  readonly batchSize?: number;
  /** Makes the executor (pool or inline) for the plan's total rows; closed when the run ends. */
  readonly executor: (totalRows: number) => BatchExecutor;
  readonly onProgress?: (stepName: string, done: number, total: number) => void;
  readonly onStepDone?: (report: StepReport) => void;
  /** Write only these steps (`dataSource.step` ids); the others are compiled for their keys but not written. */
  readonly only?: ReadonlySet<string>;
}

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
}

export const DEFAULT_BATCH_SIZE = 50_000;

/**
 * Runs a plan end to end: compile, generate each step in foreign-key order through the
 * executor, write through the step's connector. A failure stops the run, aborts the open
 * output (nothing that looks finished is left) and is reported, never thrown past here
 * except for invalid plans, which throw before anything is written.
 */
export async function runPlan(plan: ResolvedPlan, options: RunPlanOptions): Promise<RunResult> {
  const started = performance.now();
  const runId = options.runId ?? randomUUID();
  const { seed, chosen } = chooseSeed(options.seed, plan.plan.sinkOptions.seed);
  const nowMicros = options.nowMicros ?? Date.now() * 1000;
  const compileOptions = {
    seed,
    nowMicros,
    fastMode: options.fastMode ?? true,
    ...(plan.config.generation.numRecordsPerStep !== undefined
      ? { numRecordsPerStep: plan.config.generation.numRecordsPerStep }
      : {}),
  };
  const compiled: CompiledPlan = compilePlan(plan, compileOptions);
  // Every step's output options are checked before the first byte is written.
  for (const step of compiled.steps) checkStepRunnable(step.resolved);
  const reports: StepReport[] = [];
  const executor = options.executor(compiled.steps.reduce((n, s) => n + s.rowCount, 0));
  let failedReason: string | null = null;
  try {
    for (const step of compiled.steps) {
      if (options.only && !options.only.has(step.id)) continue;
      const report = await runStep(step, plan, { ...options, runId }, executor, compileOptions);
      reports.push(report);
      options.onStepDone?.(report);
      if (!report.success) {
        failedReason = `step "${report.name}": ${report.error}`;
        break;
      }
    }
  } finally {
    await executor.close();
  }
  return {
    runId,
    planName: plan.plan.name,
    seed,
    seedChosen: chosen,
    nowMicros,
    generatorVersion: GENERATOR_VERSION,
    success: failedReason === null,
    failedReason,
    seconds: (performance.now() - started) / 1000,
    steps: reports,
  };
}

/** Field options that shape the output file travel to the encoder as step options. */
function withFieldOutputOptions(r: ResolvedStep): ResolvedStep {
  const unwrap = r.step.fields.find((f) => f.options.unwrapTopLevelArray === true && f.options.omit !== true);
  if (!unwrap || r.step.options.unwrapTopLevelArray !== undefined) return r;
  return { ...r, step: { ...r.step, options: { ...r.step.options, unwrapTopLevelArray: unwrap.name } } };
}

async function runStep(
  step: CompiledStep,
  plan: ResolvedPlan,
  options: RunPlanOptions & { runId: string },
  executor: BatchExecutor,
  compileOptions: Parameters<typeof compilePlan>[1],
): Promise<StepReport> {
  const started = performance.now();
  const r = step.resolved;
  const base = { name: r.step.name, task: r.taskName, dataSource: r.dataSourceName, format: r.format };
  const seconds = () => (performance.now() - started) / 1000;
  let sink: StepSink | undefined;
  if (isReference(r)) {
    return {
      ...base,
      records: 0,
      bytes: 0,
      seconds: 0,
      rowsPerSecond: 0,
      success: true,
      outputs: [],
      skipped: "reference data: read, not generated",
    };
  }
  try {
    const schema = step.batch(0, 0).schema;
    const opened = await fileConnector.open({
      step: withFieldOutputOptions(r),
      schema,
      rowCount: step.rowCount,
      runId: options.runId,
      planName: plan.plan.name,
    });
    if ("skipped" in opened) {
      return {
        ...base,
        records: 0,
        bytes: 0,
        seconds: seconds(),
        rowsPerSecond: 0,
        success: true,
        outputs: [],
        skipped: opened.skipped,
      };
    }
    sink = opened;
    const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    const task = { planKey: `${options.runId}`, plan, options: compileOptions };
    let done = 0;
    const splits = (sink as { splits?: readonly number[] }).splits ?? [0, step.rowCount];
    const encoded = sink.acceptsEncoded;
    for (let k = 0; k + 1 < splits.length; k++) {
      const from = splits[k]!;
      const to = splits[k + 1]!;
      await generateStep(
        executor,
        encoded ? { ...task, encode: encoded } : task,
        { stepId: step.id, rowCount: to - from },
        batchSize,
        async (bytes, start, count) => {
          if (encoded) await sink!.writeEncoded!(bytes, from + start, count);
          else for (const batch of tableFromIPC(bytes).batches) await sink!.write(batch, from + start);
          done += count;
          options.onProgress?.(r.step.name, done, step.rowCount);
        },
        executor.workers * 2,
        from,
      );
    }
    const result = await sink.close();
    const s = seconds();
    return {
      ...base,
      records: result.records,
      bytes: result.bytes,
      seconds: s,
      rowsPerSecond: s > 0 ? result.records / s : 0,
      success: true,
      outputs: result.outputs,
    };
  } catch (e) {
    await sink?.abort().catch(() => {});
    if (
      isRowforgeError(e) &&
      e.code !== "RF_OUTPUT_UNWRITABLE" &&
      e.code !== "RF_OUTPUT_EXISTS" &&
      e.code !== "RF_INTERNAL"
    )
      throw e;
    const message = e instanceof Error ? e.message : String(e);
    return {
      ...base,
      records: 0,
      bytes: 0,
      seconds: seconds(),
      rowsPerSecond: 0,
      success: false,
      outputs: [],
      error: message,
    };
  }
}
