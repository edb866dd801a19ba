import { tableFromIPC } from "apache-arrow";
import type { ResourceAccess } from "../../access/index.ts";
import type { Leftover, StepSink } from "../../connectors/connector.ts";
import { isDeliveringSink } from "../../connectors/messaging/delivering-sink.ts";
import { connectorFor } from "../../connectors/registry.ts";
import { type RunTransaction, runTransaction } from "../../connectors/run-transaction.ts";
import type { StepSessions } from "../../connectors/table/step-sessions.ts";
import { type BatchExecutor, type CompiledStep, generateStep, planFakerPools } from "../../engine/index.ts";
import { errorCodeInfo, isRowforgeError } from "../../errors/index.ts";
import { findFormat } from "../../formats/format-registry.ts";
import type { LiveDelivery } from "../../model/delivery-report.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import { type StepReport, stepFailure } from "../../model/step-report.ts";
import { releaseBytes } from "../../util/release-bytes.ts";
import { isReference } from "../check/check-step-runnable.ts";
import type { ExecutorFactory } from "../executors.ts";
import { checkFailureNote } from "../schemas/checks/step-checks.ts";
import {
  DEFAULT_BATCH_SIZE,
  FIRST_TEXT_BATCH_ROWS,
  MAX_BATCH_BYTES,
  TEXT_BATCH_SIZE,
} from "./batch-sizes.ts";
import { cancellation } from "./cancellation.ts";
import type { PreparedRun } from "./prepare-run.ts";
import { executorDemand, stepsToWrite } from "./run-demand.ts";
import { bytesLimitReason, timeLimitReason } from "./run-limits.ts";
import { runScratchFolder } from "./run-scratch.ts";
import { stepCheck } from "./step-check.ts";

export interface GenerateOptions {
  /** What the files and URLs the steps write may be. */
  readonly access: ResourceAccess;
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
  /**
   * Told, before the run makes any, what it may leave behind if it is stopped at once (temporary
   * outputs, output locks, its scratch folder); the run waits for it (to record them first).
   */
  readonly onLeftovers?: (leftovers: readonly Leftover[]) => Promise<void>;
  /** `plan`: every step writes inside one transaction, committed after the last step (PrepareRunOptions.transaction). */
  readonly transaction?: "step" | "plan";
  /** The run's kept database connections: a sink takes the one its table was read through. */
  readonly sessions?: StepSessions;
}

/** What generating a prepared run did. */
export interface Generation {
  readonly steps: readonly StepReport[];
  /** Null when every step succeeded. */
  readonly failedReason: string | null;
  /** Cancelled: on request, by a signal or by a limit. */
  readonly cancelled: boolean;
  /** Per written step, the check of its first rows that tells its rows later (delete mode). */
  readonly checks: Readonly<Record<string, string>>;
}

/**
 * The generation step of a run: each step of the prepared (checked, compiled) plan generated
 * in foreign-key order through the executor, written through the step's connector. A failure
 * stops the run, aborts the open output (nothing that looks finished is left) and is reported
 * in the result, never thrown.
 */
export async function generatePlan(run: PreparedRun, options: GenerateOptions): Promise<Generation> {
  const { plan, compiled, compileOptions, limits, runId } = run;
  // Validations spill and spool into a folder of the run's own.
  const scratch = runScratchFolder(runId);
  const stepLeftovers = await Promise.all(
    stepsToWrite(compiled, options.only).map(
      async (s) => (await connectorFor(s.resolved)).leftovers?.(s.resolved, runId, options.access) ?? [],
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
  const demand = await executorDemand(compiled, options.only);
  const executor = options.executor(demand.totalRows, demand.shape);
  // Tasks name the plan by the run's id. An executor in this thread adopts the run's compile;
  // each worker thread compiles the plan once, with the faker pools made here meanwhile.
  const inThread = executor.inCallingThread;
  const fakerPools = compileOptions.fastMode && !inThread ? planFakerPools(compiled, options.only) : [];
  executor.register({
    planKey: runId,
    plan,
    options: compileOptions,
    fakerPools,
    ...(inThread ? { compiled } : {}),
  });
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
        { ...options, runId, signal: cancel.signal, ...(transaction ? { runTransaction: transaction } : {}) },
        maxBatchRows,
        executor,
        onBytes,
      );
      reports.push(report);
      if (
        report.success &&
        report.records > 0 &&
        (await connectorFor(step.resolved)).capabilities.deletesByHistory
      )
        checks[step.id] = stepCheck(step);
      bytesBefore += report.bytes;
      options.onStepDone?.(report);
      if (cancel.signal.aborted) {
        failedReason = reasonText(cancel.signal.reason);
        break;
      }
      if (!report.success) {
        const checks = run.reading.steps.find((s) => s.id === step.id)?.checks ?? [];
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
  return { steps: reports, failedReason, cancelled: cancel.signal.aborted, checks };
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

async function runStep(
  step: CompiledStep,
  plan: ResolvedPlan,
  options: GenerateOptions & { runId: string; runTransaction?: RunTransaction },
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
  /** The report of a step that wrote nothing (reference data, skipped, failed before its first row). */
  const wroteNothing = (s: number) => ({
    ...base,
    records: 0,
    bytes: 0,
    seconds: s,
    rowsPerSecond: 0,
    outputs: [],
  });
  let sink: StepSink | undefined;
  const stopTimers: (() => void)[] = [];
  if (isReference(r)) {
    return {
      ...wroteNothing(0),
      success: true,
      skipped:
        step.rowCount > 0
          ? `reference data: ${step.rowCount} distinct keys read, not generated`
          : "reference data: read, not generated",
    };
  }
  try {
    const schema = step.batch(0, 0).schema;
    const opened = await (await connectorFor(r)).open({
      step: r,
      schema,
      rowCount: step.rowCount,
      runId: options.runId,
      planName: plan.plan.name,
      access: options.access,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.runTransaction ? { transaction: options.runTransaction } : {}),
      ...(options.sessions ? { sessions: options.sessions } : {}),
    });
    if ("skipped" in opened) return { ...wroteNothing(seconds()), success: true, skipped: opened.skipped };
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
      ...wroteNothing(seconds()),
      success: false,
      error: message,
      ...(isRowforgeError(e) ? { errorCode: e.code } : {}),
      ...(delivery ? { records: delivery.acknowledged, delivery } : {}),
    };
  }
}
