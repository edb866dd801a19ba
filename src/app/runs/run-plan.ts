import { randomUUID } from "node:crypto";
import { tableFromIPC } from "apache-arrow";
import type { ResourceAccess } from "../../access/index.ts";
import type { Leftover, StepSink } from "../../connectors/connector.ts";
import { isDeliveringSink } from "../../connectors/messaging/message-sink.ts";
import { connectorFor } from "../../connectors/registry.ts";
import { type RunTransaction, runTransaction } from "../../connectors/run-transaction.ts";
import { type StepSessions, withSessions } from "../../connectors/table/step-sessions.ts";
import {
  type BatchExecutor,
  type CompiledPlan,
  type CompiledStep,
  compilePlan,
  GENERATOR_VERSION,
  generateStep,
  planFakerPools,
  resolveBudget,
} from "../../engine/index.ts";
import { errorCodeInfo, isRowforgeError, RowforgeError } from "../../errors/index.ts";
import { findFormat } from "../../formats/format-registry.ts";
import type { Connection } from "../../model/connection.ts";
import type { LiveDelivery } from "../../model/delivery-report.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import { type StepReport, stepFailure } from "../../model/step-report.ts";
import type { ValidationResult } from "../../quality/index.ts";
import { releaseBytes } from "../../util/release-bytes.ts";
import { checkPlanAccess } from "../check/check-plan-access.ts";
import { checkStepRunnable, isReference } from "../check/check-step-runnable.ts";
import { chooseSeed } from "../choose-seed.ts";
import type { ExecutorFactory, RunShape } from "../executors.ts";
import { checkFailureNote } from "../schemas/checks/step-checks.ts";
import { readSchemas, schemaWarnings } from "../schemas/read-schemas.ts";
import { runValidations, unreachableSources } from "../validations/run-validations.ts";
import { checkRunTransaction } from "./check-run-transaction.ts";
import { loadReferences } from "./load-references.ts";
import type { RecomputeFacts } from "./run-details.ts";
import {
  bytesLimitReason,
  checkRowLimit,
  DEFAULT_RUN_LIMITS,
  type RunLimits,
  timeLimitReason,
} from "./run-limits.ts";
import { runScratchFolder, withScratchFolder } from "./run-scratch.ts";
import { stepCheck } from "./step-check.ts";

export interface RunPlanOptions {
  /**
   * What the files and URLs the plan names may be: outputs, metadata documents, data read
   * back, reference data, schemas, endpoints (src/access; the CLI's open, the server's contained).
   */
  readonly access: ResourceAccess;
  /** Connections by name, for validations of data sources that no step of the plan writes. */
  readonly connections?: ReadonlyMap<string, Connection>;
  readonly seed?: string;
  /** The run's reference time in microseconds since the epoch; the wall clock when not given. */
  readonly nowMicros?: number;
  readonly fastMode?: boolean;
  readonly runId?: string;
  readonly batchSize?: number;
  /** Makes the executor (pool or inline) for the plan's total rows; closed when the run ends. */
  readonly executor: ExecutorFactory;
  /** A step's progress; message and HTTP steps also say what was acknowledged so far (about twice a second). */
  readonly onProgress?: (stepName: string, done: number, total: number, delivery?: LiveDelivery) => void;
  readonly onStepDone?: (report: StepReport) => void;
  /** Write only these steps (`dataSource.step` ids); the others are compiled for their keys but not written. */
  readonly only?: ReadonlySet<string>;
  /**
   * Aborting it cancels the run: batches in flight are dropped, the open output is aborted (its
   * temporary files removed) and the run fails with the reason's message as its failedReason.
   */
  readonly signal?: AbortSignal;
  /** Rows, bytes and seconds the run may take (default DEFAULT_RUN_LIMITS). */
  readonly limits?: RunLimits;
  /**
   * The caller already tested that the servers the plan's validations read can be reached
   * (`rowforge run` does, to locate the problem in the file): the run does not test them again.
   */
  readonly validationSourcesChecked?: boolean;
  /**
   * Told, before the run makes any, what it may leave behind if it is stopped at once (temporary
   * outputs, output locks, its scratch folder); the run waits for it (to record them first).
   */
  readonly onLeftovers?: (leftovers: readonly Leftover[]) => Promise<void>;
  /**
   * `step` (default): each database step commits its rows when it ends. `plan`: every step
   * writes inside one transaction the run commits after its last step (before validations)
   * or rolls back on a failure; only for plans writing to one PostgreSQL database (checkRunTransaction).
   */
  readonly transaction?: "step" | "plan";
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
  /** True when the run was cancelled (on request, by a signal or by a limit). */
  readonly cancelled?: boolean;
  /** The plan's validations, run on what it wrote (absent when it has none, enableValidation is off or the run failed). */
  readonly validations?: readonly ValidationResult[];
  /** What the run found that may fail it: CHECK constraints of its tables it does not honour. */
  readonly warnings?: readonly string[];
  /** What regenerates the rows of the steps it wrote (delete mode); generate runs only. */
  readonly recompute?: RecomputeFacts;
}

/** A cancellation reason: `cancelled`, or why a limit cancelled the run. */
export const cancellation = (reason = "cancelled"): RowforgeError =>
  new RowforgeError("RF_RUN_CANCELLED", reason);

/**
 * Rows per batch: small enough that a batch's columns and text stay in the processor's caches
 * and each worker's heap stays small (1M nested rows: 2.6 s and 400 MB at 10,000 against
 * 3.5 s and 650 MB at 50,000), large enough that the per-batch work does not show.
 */
export const DEFAULT_BATCH_SIZE = 10_000;

/**
 * Rows per batch when the workers write text straight from the engine's columns (NDJSON:
 * Format.columnEncoder), whose bytes do not depend on batch boundaries: half the default keeps
 * a batch's columns and text in the processor's caches (1M nested rows to NDJSON on 2 cores,
 * alternating runs: 2.3-2.4 s CPU at 5,000 against 2.5-2.7 s at 10,000, peak RSS 255 against
 * 274 MB). Other outputs keep DEFAULT_BATCH_SIZE (the bytes of some follow batch boundaries).
 */
export const TEXT_BATCH_SIZE = 5_000;

/** The first batch of a text output: its first bytes are written about 0.1 s after the plan is compiled. */
const FIRST_TEXT_BATCH_ROWS = 1_000;

/**
 * A batch's worst-case bytes (rows x the step's bytes per row) stay below this: steps with
 * large rows are generated in smaller batches. Batch boundaries never change the values.
 */
export const MAX_BATCH_BYTES = 512 * 1024 * 1024;

/**
 * Runs a plan end to end: compile, generate each step in foreign-key order through the
 * executor, write through the step's connector. A failure stops the run, aborts the open
 * output (nothing that looks finished is left) and is reported, never thrown past here
 * except for invalid plans, which throw before anything is written.
 */
export const runPlan = (given: ResolvedPlan, options: RunPlanOptions): Promise<RunResult> =>
  // A database step's table is read, checked and written through one connection (kept from
  // its reading to its sink); what no sink took is ended with the run.
  withSessions(undefined, (sessions) => runPlanThrough(given, options, sessions));

async function runPlanThrough(
  given: ResolvedPlan,
  options: RunPlanOptions,
  sessions: StepSessions,
): Promise<RunResult> {
  const started = performance.now();
  // Nothing is read or written before every file and URL the plan names is known to be allowed.
  await checkPlanAccess(given, options.access, options.connections);
  // Database steps' fields and foreign keys read from their tables (src/app/schemas).
  const schemas = await readSchemas(given, { access: options.access, sessions });
  const plan = schemas.plan;
  const warnings = schemaWarnings(schemas.steps);
  const runId = options.runId ?? randomUUID();
  const { seed, chosen } = chooseSeed(options.seed, plan.plan.sinkOptions.seed);
  const nowMicros = options.nowMicros ?? Date.now() * 1000;
  // Existing rows of reference parents are read first (async I/O); the engine picks from them.
  const references = await loadReferences(plan, options.access, options.only);
  const compileOptions = {
    seed,
    references,
    nowMicros,
    fastMode: options.fastMode ?? true,
    budget: resolveBudget(plan.config.budget),
    ...(plan.config.generation.numRecordsPerStep !== undefined
      ? { numRecordsPerStep: plan.config.generation.numRecordsPerStep }
      : {}),
  };
  const compiled: CompiledPlan = compilePlan(plan, compileOptions);
  // Every step's output options are checked before the first byte is written.
  for (const step of compiled.steps) {
    checkStepRunnable(step.resolved);
    if (isReference(step.resolved)) continue;
    await connectorFor(step.resolved).checkTarget(step.resolved, options.access, sessions);
  }
  // A server the validations read that cannot be reached stops the run before it writes.
  if (
    !options.validationSourcesChecked &&
    plan.validations.length > 0 &&
    plan.config.flags.enableValidation
  ) {
    const [first] = await unreachableSources(plan, options.access, options.connections);
    if (first)
      throw new RowforgeError(
        first.error.code,
        `validation "${first.config}" of ${first.dataSource}${first.via ? ` (${first.via})` : ""} cannot read its data: ${first.error.message}`,
        {
          hint: "start the server or fix the connection the validations read, or set flags.enableValidation false",
        },
      );
  }
  if (options.transaction === "plan")
    checkRunTransaction(stepsToWrite(compiled, options.only).map((s) => s.resolved));
  const limits = options.limits ?? DEFAULT_RUN_LIMITS;
  checkRowLimit(plan.plan.name, rowsToWrite(compiled, options.only), limits);
  options.signal?.throwIfAborted();
  // Validations spill and spool into a folder of the run's own.
  const scratch = runScratchFolder(runId);
  const stepLeftovers = await Promise.all(
    stepsToWrite(compiled, options.only).map(
      (s) => connectorFor(s.resolved).leftovers?.(s.resolved, runId, options.access) ?? [],
    ),
  );
  await options.onLeftovers?.([...stepLeftovers.flat(), { path: scratch, kind: "temporary" }]);
  // One signal for everything that cancels the run: the caller's, the time limit, the bytes limit.
  const cancel = new AbortController();
  const onCallerAbort = () => cancel.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onCallerAbort, { once: true });
  const timer =
    limits.maxSeconds * 1000 <= MAX_TIMER_MS
      ? setTimeout(() => cancel.abort(cancellation(timeLimitReason(limits))), limits.maxSeconds * 1000)
      : undefined;
  let bytesBefore = 0;
  const onBytes = (stepBytes: number) => {
    if (bytesBefore + stepBytes > limits.maxBytes) cancel.abort(cancellation(bytesLimitReason(limits)));
  };
  const reports: StepReport[] = [];
  const demand = executorDemand(compiled, options.only);
  const executor = options.executor(demand.totalRows, demand.shape);
  // Tasks name the plan by the run's id; each thread compiles it once. The faker pools are made
  // here, while the worker threads start, and travel with the plan.
  const fakerPools =
    compileOptions.fastMode && !executor.inCallingThread ? planFakerPools(compiled, options.only) : [];
  executor.register({ planKey: runId, plan, options: compileOptions, fakerPools });
  let failedReason: string | null = null;
  const checks: Record<string, string> = {};
  const transaction = options.transaction === "plan" ? runTransaction() : undefined;
  try {
    for (const step of compiled.steps) {
      if (options.only && !options.only.has(step.id)) continue;
      const rowBytes = compiled.bytesPerRow.get(step.id) ?? 0;
      const maxBatchRows = Math.max(1, Math.floor(MAX_BATCH_BYTES / Math.max(rowBytes, 1)));
      const report = await runStep(
        step,
        plan,
        {
          ...options,
          runId,
          signal: cancel.signal,
          sessions,
          ...(transaction ? { runTransaction: transaction } : {}),
        },
        maxBatchRows,
        executor,
        onBytes,
      );
      reports.push(report);
      if (report.success && report.records > 0 && connectorFor(step.resolved).capabilities.deletesByHistory)
        checks[step.id] = stepCheck(step);
      bytesBefore += report.bytes;
      options.onStepDone?.(report);
      if (cancel.signal.aborted) {
        failedReason = reasonText(cancel.signal.reason);
        break;
      }
      if (!report.success) {
        const checks = schemas.steps.find((s) => s.id === step.id)?.checks ?? [];
        failedReason =
          stepFailure(report.name, report.error ?? "failed") + checkFailureNote(checks, report.error ?? "");
        break;
      }
    }
    // The run's one transaction: committed once every step succeeded, else rolled back.
    if (transaction) failedReason = await endTransaction(transaction, failedReason, reports);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onCallerAbort);
    await transaction?.end(false).catch(() => {});
    await executor.close();
  }
  // Validations check what the run wrote, once it all is written (not after a failure or a cancel).
  const validations =
    failedReason === null &&
    !cancel.signal.aborted &&
    plan.validations.length > 0 &&
    plan.config.flags.enableValidation
      ? await withScratchFolder(scratch, () =>
          runValidations(plan, {
            access: options.access,
            limits: { nowMicros, spillDir: scratch },
            stepReports: reports,
            ...(options.connections ? { connections: options.connections } : {}),
            ...(options.signal ? { signal: options.signal } : {}),
          }),
        )
      : undefined;
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
    ...(validations ? { validations } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
    ...(cancel.signal.aborted ? { cancelled: true } : {}),
    recompute: {
      generatorVersion: GENERATOR_VERSION,
      fastMode: compileOptions.fastMode,
      ...(compileOptions.numRecordsPerStep !== undefined
        ? { numRecordsPerStep: compileOptions.numRecordsPerStep }
        : {}),
      checks,
    },
  };
}

/**
 * Ends the run's one transaction: commits when the run has not failed, else rolls it back;
 * either way a failed run's steps are reported rolled back (nothing of them stays). Answers the
 * run's failedReason (a commit that fails becomes it).
 */
async function endTransaction(
  transaction: RunTransaction,
  failedReason: string | null,
  reports: StepReport[],
): Promise<string | null> {
  let reason = failedReason;
  try {
    await transaction.end(reason === null);
  } catch (e) {
    reason = `the run's transaction (--transaction plan) could not commit: ${e instanceof Error ? e.message : String(e)}`;
  }
  if (reason !== null)
    for (const [i, r] of reports.entries())
      if (r.success && !r.skipped)
        reports[i] = {
          ...r,
          skipped: "rolled back with the run's transaction (--transaction plan): nothing of it stays",
        };
  return reason;
}

/** setTimeout's largest delay; a longer time limit needs no timer. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const reasonText = (reason: unknown): string =>
  reason instanceof Error ? reason.message : reason === undefined ? "cancelled" : String(reason);

/** What a run asks of its executor: the rows it generates and whether a sink keeps this thread busy. */
function executorDemand(
  compiled: CompiledPlan,
  only: ReadonlySet<string> | undefined,
): { totalRows: number; shape: RunShape } {
  const running = stepsToWrite(compiled, only);
  return {
    totalRows: rowsToWrite(compiled, only),
    shape: {
      callingThreadBusy: running.some(
        (s) => connectorFor(s.resolved).busiesCallingThread?.(s.resolved) ?? false,
      ),
      // Steps in a segmented format (Parquet, ORC) have their segments encoded by the workers.
      workersEncodeSegments: running.some((s) => findFormat(s.resolved.format)?.segments !== undefined),
    },
  };
}

/**
 * The executor a plan will most likely ask for, known before its tables are read (the CLI
 * starts that pool's threads meanwhile, executors.ts earlyExecutorFactory); undefined when
 * the plan does not compile without its tables' schemas.
 */
export function expectedExecutorDemand(
  plan: ResolvedPlan,
  only?: ReadonlySet<string>,
): { totalRows: number; shape: RunShape } | undefined {
  try {
    return executorDemand(compileToCount(plan), only);
  } catch {
    return undefined;
  }
}

/** The steps a run writes: every generated step it is asked to write. */
const stepsToWrite = (compiled: CompiledPlan, only: ReadonlySet<string> | undefined): CompiledStep[] =>
  compiled.steps.filter((s) => !(only && !only.has(s.id)) && !isReference(s.resolved));

/** The rows a run writes. */
const rowsToWrite = (compiled: CompiledPlan, only: ReadonlySet<string> | undefined): number =>
  stepsToWrite(compiled, only).reduce((n, s) => n + s.rowCount, 0);

/** The plan compiled with its own seed, only to count its rows and see its steps (nothing generated). */
const compileToCount = (plan: ResolvedPlan): CompiledPlan =>
  compilePlan(plan, {
    seed: plan.plan.sinkOptions.seed ?? "0",
    nowMicros: 0,
    fastMode: true,
    budget: resolveBudget(plan.config.budget),
    ...(plan.config.generation.numRecordsPerStep !== undefined
      ? { numRecordsPerStep: plan.config.generation.numRecordsPerStep }
      : {}),
  });

/** The rows a plan asks for (with the plan's own seed): checked against the row limit at submission. */
export const plannedRows = (plan: ResolvedPlan, only?: ReadonlySet<string>): number =>
  rowsToWrite(compileToCount(plan), only);

async function runStep(
  step: CompiledStep,
  plan: ResolvedPlan,
  options: RunPlanOptions & { runId: string; runTransaction?: RunTransaction; sessions: StepSessions },
  maxBatchRows: number,
  executor: BatchExecutor,
  onBytes: (stepBytes: number) => void,
): Promise<StepReport> {
  const started = performance.now();
  const r = step.resolved;
  const base = {
    name: r.step.name,
    task: r.taskName,
    dataSource: r.dataSourceName,
    format: r.format,
    ...(step.countRule ? { countRule: step.countRule.reason } : {}),
  };
  const seconds = () => (performance.now() - started) / 1000;
  let sink: StepSink | undefined;
  const stopTimers: (() => void)[] = [];
  if (isReference(r)) {
    return {
      ...base,
      records: 0,
      bytes: 0,
      seconds: 0,
      rowsPerSecond: 0,
      success: true,
      outputs: [],
      skipped:
        step.rowCount > 0
          ? `reference data: ${step.rowCount} distinct keys read, not generated`
          : "reference data: read, not generated",
    };
  }
  try {
    const schema = step.batch(0, 0).schema;
    const opened = await connectorFor(r).open({
      step: r,
      schema,
      rowCount: step.rowCount,
      runId: options.runId,
      planName: plan.plan.name,
      access: options.access,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.runTransaction ? { transaction: options.runTransaction } : {}),
      sessions: options.sessions,
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
    const open = opened;
    sink = open;
    const encode = open.accepts === "arrow" ? undefined : open.accepts.encoded;
    // Segmented outputs: each task is one segment (a stripe, a row group), generated in batches
    // of the run's batch size inside the worker that encodes it.
    const segmentRows = encode?.segmentRows;
    const fromColumns =
      encode !== undefined &&
      segmentRows === undefined &&
      findFormat(encode.format)?.columnEncoder !== undefined;
    const defaultBatch = fromColumns ? TEXT_BATCH_SIZE : DEFAULT_BATCH_SIZE;
    const runBatchSize = Math.max(1, Math.min(options.batchSize ?? defaultBatch, maxBatchRows));
    const batchSize = segmentRows ?? runBatchSize;
    const task = {
      planKey: options.runId,
      ...(encode ? { encode: segmentRows ? { ...encode, batchRows: runBatchSize } : encode } : {}),
    };
    let done = 0;
    const bounds = open.rowBounds;
    // Progress starts with the step, so its rate and ETA count from here.
    options.onProgress?.(r.step.name, 0, step.rowCount);
    // A message step's rows go out as its schedule and destination allow, long after they
    // are generated: its progress is what was sent and acknowledged, told on a timer.
    if (isDeliveringSink(open) && options.onProgress) {
      const tell = options.onProgress;
      const timer = setInterval(() => {
        const live = open.live();
        tell(r.step.name, Math.min(live.sent, step.rowCount - 1), step.rowCount, live);
      }, 500);
      timer.unref();
      stopTimers.push(() => clearInterval(timer));
    }
    for (let k = 0; k + 1 < bounds.length; k++) {
      const from = bounds[k]!;
      const to = bounds[k + 1]!;
      await generateStep(
        executor,
        task,
        // Text outputs (bytes independent of batch boundaries) start with a small batch.
        {
          stepId: step.id,
          rowCount: to - from,
          ...(task.encode && !segmentRows ? { firstBatchRows: FIRST_TEXT_BATCH_ROWS } : {}),
        },
        batchSize,
        async (result, start, count) => {
          if (result.kind === "encoded") {
            const { bytes, rows, meta } = result;
            await open.write(
              { kind: "encoded", bytes, rows, ...(meta === undefined ? {} : { meta }) },
              from + start,
            );
            // A segment's memory is not a text buffer a later batch could be encoded into: it is
            // freed at once (several MB per segment would otherwise wait for a collection).
            if (meta === undefined) executor.recycle(result);
            else releaseBytes(bytes);
          } else {
            const { batches } = tableFromIPC(result.ipc);
            const ipc = batches.length === 1 ? { ipc: result.ipc } : {};
            for (const batch of batches) await open.write({ kind: "arrow", batch, ...ipc }, from + start);
          }
          done += count;
          onBytes(open.bytesWritten);
          if (!isDeliveringSink(open)) options.onProgress?.(r.step.name, done, step.rowCount);
        },
        executor.workers * 2,
        from,
        options.signal,
      );
    }
    options.signal?.throwIfAborted();
    const result = await sink.close();
    for (const stop of stopTimers.splice(0)) stop();
    if (result.delivery)
      options.onProgress?.(r.step.name, step.rowCount, step.rowCount, {
        sent: result.delivery.sent,
        acknowledged: result.delivery.acknowledged,
        failed: result.delivery.failed,
        rate: result.delivery.achievedRate,
        ...(result.delivery.latencyMs ? { p99Ms: result.delivery.latencyMs.p99 } : {}),
      });
    const s = seconds();
    return {
      ...base,
      records: result.records,
      bytes: result.bytes,
      seconds: s,
      rowsPerSecond: s > 0 ? result.records / s : 0,
      success: true,
      outputs: result.outputs,
      ...(result.delivery ? { delivery: result.delivery } : {}),
    };
  } catch (e) {
    for (const stop of stopTimers.splice(0)) stop();
    await sink?.abort().catch(() => {});
    // A message step ended early still says exactly what it delivered before.
    const delivery = sink && isDeliveringSink(sink) ? sink.delivery() : undefined;
    // Once the output is open, any failure (a row-time SQL error, a full disk, a cancellation)
    // fails the step with its reason; before that, an error of the catalogue's "run" scope
    // means the plan is invalid, while the output's state (exists, locked, ...) fails the step.
    if (sink === undefined && isRowforgeError(e) && errorCodeInfo(e.code).scope === "run") throw e;
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
      ...(isRowforgeError(e) ? { errorCode: e.code } : {}),
      ...(delivery ? { records: delivery.acknowledged, delivery } : {}),
    };
  }
}
