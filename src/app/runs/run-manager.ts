import { randomUUID } from "node:crypto";
import { GENERATOR_VERSION } from "../../engine/index.ts";
import { isRowforgeError, RowforgeError } from "../../errors/index.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { ExecutionMode, ExecutionRecord, Store } from "../../store/index.ts";
import type { ExecutorFactory } from "../executors.ts";
import { summaryRow, type ValidationResult } from "../validate/validation-result.ts";
import { deletePlanData } from "./delete-plan-data.ts";
import { reportRun } from "./report-run.ts";
import { detailsOf, type RecomputeFacts, type RunDetails } from "./run-details.ts";
import { checkRowLimit, DEFAULT_RUN_LIMITS, type RunLimits } from "./run-limits.ts";
import { cancellation, plannedRows, runPlan } from "./run-plan.ts";
import { createRunProgress, type RunListener, type RunSnapshot } from "./run-progress.ts";
import { timeTaken } from "./time-taken.ts";

export interface RunManagerOptions {
  readonly store: Store;
  /** Runs at the same time (default 1): two runs never fight over the same output. */
  readonly concurrency?: number;
  readonly executor: ExecutorFactory;
  readonly now?: () => number;
  /** Where reports go when the plan's configuration names no generatedReportsFolderPath. */
  readonly reportsRoot: string;
  /** Rows, bytes and seconds a run may take (default DEFAULT_RUN_LIMITS). */
  readonly limits?: RunLimits;
  /** Told about a failure that no request or run can report (a store write of a finished run). */
  readonly onError?: (message: string, error: unknown) => void;
}

/** What cancelling an execution did. */
export type CancelOutcome =
  | { readonly outcome: "cancelled"; readonly was: "queued" | "running"; readonly record: ExecutionRecord }
  | { readonly outcome: "finished"; readonly record: ExecutionRecord }
  | { readonly outcome: "not-cancellable"; readonly reason: string }
  | { readonly outcome: "unknown" };

export interface RunManager {
  /** Stores a queued execution record and schedules the run; resolves with the record at once. */
  submit(
    plan: ResolvedPlan,
    mode: ExecutionMode,
    runBy: string,
    only?: ReadonlySet<string>,
  ): Promise<ExecutionRecord>;
  /** Marks runs left queued or running by a previous process (killed, power loss) as failed "interrupted". */
  recoverInterrupted(): Promise<number>;
  /** Resolves when no run is queued or running. */
  idle(): Promise<void>;
  /**
   * Stops taking runs: queued runs are marked failed "shutdown" at once; a running run may
   * finish within `graceMs`, else it is marked failed "shutdown". Resolves with whether all
   * runs ended by themselves (false: the caller should end the process to stop them).
   */
  shutdown(graceMs: number): Promise<boolean>;
  /**
   * Cancels a queued run (marked failed "cancelled" at once) or a running one (its workers are
   * stopped and its partial outputs removed; resolves once it has ended, or after `waitMs`).
   */
  cancel(id: string, waitMs?: number): Promise<CancelOutcome>;
  /**
   * Follows a queued or running run: answers its current state and how to stop following;
   * the listener gets status changes, progress (at most 4 a second) and, last, the final record.
   * Undefined when the run is not live (ended or unknown): its stored record is all there is.
   */
  watch(id: string, listener: RunListener): { snapshot: RunSnapshot; unsubscribe: () => void } | undefined;
  /** Live runs and subscribers kept for watch (nothing stays once runs end and clients leave). */
  readonly watching: { runs: number; listeners: number };
  readonly active: number;
}

/** How often, and how far apart, a status change no request waits for is tried again. */
const SETTLE_RETRIES = 5;
const SETTLE_DELAY_MS = 1_000;
/** How long runs cancelled at shutdown may take to stop before the process is ended under them. */
const SHUTDOWN_CANCEL_MS = 10_000;

/**
 * Runs plans in the background in submission order, at most `concurrency` at a time, and
 * keeps each run's execution record in the store: queued → running → success | failed.
 */
export function createRunManager(o: RunManagerOptions): RunManager {
  const concurrency = o.concurrency ?? 1;
  const now = o.now ?? (() => Date.now());
  const iso = () => new Date(now()).toISOString();
  const waiting: (() => void)[] = [];
  let running = 0;
  let pending = 0;
  let idleWaiters: (() => void)[] = [];

  const limits = o.limits ?? DEFAULT_RUN_LIMITS;
  const progress = createRunProgress();
  const onError = o.onError ?? (() => undefined);
  const update = async (
    record: ExecutionRecord,
    change: Partial<ExecutionRecord>,
  ): Promise<ExecutionRecord> => {
    const next = { ...record, ...change, updatedTs: iso() } as ExecutionRecord;
    await o.store.executions.put(next);
    return next;
  };
  /**
   * Saves a status change that no request waits for. A store that cannot write (a full disk)
   * fails the run, never the process: the failure is logged and the save retried a few times
   * (the store reopens itself), so the record catches up once the disk has room again.
   */
  const settle = async (
    record: ExecutionRecord,
    change: Partial<ExecutionRecord>,
  ): Promise<ExecutionRecord> => {
    const next = { ...record, ...change, updatedTs: iso() } as ExecutionRecord;
    for (let attempt = 0; ; attempt++) {
      try {
        await o.store.executions.put(next);
        return next;
      } catch (e) {
        if (attempt >= SETTLE_RETRIES) {
          onError(`execution ${record.id}: its ${next.status} record could not be saved`, e);
          return next;
        }
        await new Promise((r) => setTimeout(r, SETTLE_DELAY_MS * (attempt + 1)).unref());
      }
    }
  };

  /**
   * Ends a run: writes its report first (when the configuration asks for reports; a report
   * failure never fails the run), then stores the final status with the report's folder, so
   * a client that sees `success` or `failed` can open the report at once.
   */
  const finish = async (
    plan: ResolvedPlan,
    r: ExecutionRecord,
    change: Partial<ExecutionRecord>,
    seed: string,
    version: number,
    recompute?: RecomputeFacts,
    validations?: readonly ValidationResult[],
  ): Promise<ExecutionRecord> => {
    const final = { ...r, ...change, updatedTs: iso() } as ExecutionRecord;
    const dir = await reportRun(plan, final, seed, version, o.reportsRoot, validations);
    // The status and the report's folder are stored in one write, retried as every settle is.
    const details: RunDetails = {
      ...detailsOf(r),
      ...(recompute ? { recompute } : {}),
      ...(dir ? { reportDir: dir } : {}),
    };
    const ended = await settle(r, Object.keys(details).length > 0 ? { ...change, details } : change);
    progress.end(ended);
    return ended;
  };

  const slot = () =>
    new Promise<void>((resolve) => {
      if (running < concurrency) {
        running++;
        resolve();
      } else
        waiting.push(() => {
          running++;
          resolve();
        });
    });
  const release = () => {
    running--;
    waiting.shift()?.();
    if (running === 0 && waiting.length === 0 && pending === 0) {
      const ws = idleWaiters;
      idleWaiters = [];
      for (const w of ws) w();
    }
  };

  let stopping = false;
  const inFlight = new Map<string, ExecutionRecord>();
  /** Records of runs still queued, as submitted. */
  const queuedRecords = new Map<string, ExecutionRecord>();
  /** Runs accepted and not ended: how to cancel each, and a promise of its end. */
  const live = new Map<
    string,
    { readonly controller: AbortController; readonly ended: Promise<void>; state: "queued" | "running" }
  >();

  const execute = async (
    plan: ResolvedPlan,
    record: ExecutionRecord,
    only: ReadonlySet<string> | undefined,
    signal: AbortSignal,
  ) => {
    await slot();
    pending--;
    if (signal.aborted) {
      // Cancelled while queued: its record already says so.
      release();
      return;
    }
    if (stopping) {
      await settle(record, { status: "failed", failedReason: "shutdown" });
      release();
      return;
    }
    queuedRecords.delete(record.id);
    const started = performance.now();
    const entry = live.get(record.id);
    if (entry) entry.state = "running";
    let current: ExecutionRecord = record;
    try {
      current = await update(record, { status: "running" });
      inFlight.set(record.id, current);
      progress.status(current);
      const result =
        record.mode === "delete"
          ? await deletePlanData(plan, {
              runId: record.id,
              history: { executions: o.store.executions },
              onStepStart: (step) => progress.step(record.id, step, 0, 0),
              onStepDone: (r) => progress.stepDone(record.id, r.name, r.records, r.rowsPerSecond),
              ...(only ? { only } : {}),
            })
          : await runPlan(plan, {
              runId: record.id,
              executor: o.executor,
              nowMicros: now() * 1000,
              limits,
              signal,
              onProgress: (step, done, total, delivery) =>
                progress.step(record.id, step, done, total, delivery),
              onStepDone: (r) => progress.stepDone(record.id, r.name, r.records, r.rowsPerSecond),
              ...(only ? { only } : {}),
            });
      current = await finish(
        plan,
        current,
        {
          status: result.success ? "success" : "failed",
          failedReason: result.failedReason,
          generationSummary: result.steps,
          validationSummary: ("validations" in result ? (result.validations ?? []) : []).map(summaryRow),
          timeTaken: timeTaken(result.seconds),
          seed: result.seed,
          nowMicros: result.nowMicros,
        },
        result.seed,
        result.generatorVersion,
        result.recompute,
        "validations" in result ? result.validations : undefined,
      );
    } catch (e) {
      current = await finish(
        plan,
        current,
        {
          status: "failed",
          failedReason: e instanceof Error ? e.message : String(e),
          timeTaken: timeTaken((performance.now() - started) / 1000),
        },
        current.seed ?? "",
        GENERATOR_VERSION,
      );
    } finally {
      inFlight.delete(record.id);
      release();
    }
  };

  return {
    get active() {
      return running + pending;
    },
    get watching() {
      return progress.size;
    },
    watch: (id, listener) => progress.watch(id, listener),
    async shutdown(graceMs) {
      stopping = true;
      // Queued runs never start: recorded as "shutdown" now, not left to be found "interrupted" by the next process.
      for (const r of [...queuedRecords.values()])
        await settle(r, { status: "failed", failedReason: "shutdown" });
      const ended = await Promise.race([
        this.idle().then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), graceMs).unref()),
      ]);
      if (ended) return true;
      // Past the grace period, running runs are cancelled ("shutdown"): their workers stop and
      // their temporary outputs are removed. Only runs that do not stop even then are cut short.
      for (const [id, entry] of live) if (inFlight.has(id)) entry.controller.abort(cancellation("shutdown"));
      const stopped = await Promise.race([
        this.idle().then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), SHUTDOWN_CANCEL_MS).unref()),
      ]);
      if (stopped) return true;
      for (const r of inFlight.values()) await settle(r, { status: "failed", failedReason: "shutdown" });
      return false;
    },
    async cancel(id, waitMs = 30_000) {
      const entry = live.get(id);
      if (!entry) {
        const record = await o.store.executions.get(id);
        return record ? { outcome: "finished", record } : { outcome: "unknown" };
      }
      if (entry.state === "queued") {
        entry.controller.abort(cancellation());
        const record = await o.store.executions.get(id);
        const cancelled = await update(record ?? queuedRecords.get(id)!, {
          status: "failed",
          failedReason: "cancelled",
        });
        progress.end(cancelled);
        return { outcome: "cancelled", was: "queued", record: cancelled };
      }
      const running = inFlight.get(id);
      if (running?.mode === "delete")
        return {
          outcome: "not-cancellable",
          reason: "a running delete run cannot be cancelled; it ends soon",
        };
      entry.controller.abort(cancellation());
      await Promise.race([entry.ended, new Promise((r) => setTimeout(r, waitMs).unref())]);
      const record = (await o.store.executions.get(id)) ?? running!;
      return { outcome: "cancelled", was: "running", record };
    },
    async submit(plan, mode, runBy, only) {
      if (stopping)
        throw new RowforgeError("RF_RUN_FAILED", "rowforge is shutting down and takes no new runs");
      if (mode === "generate") {
        let rows: number | undefined;
        try {
          rows = plannedRows(plan, only);
        } catch (e) {
          // A plan over the generation budget is refused now, as invalid input; one that does not
          // compile otherwise is refused by the run itself, with its reason.
          if (isRowforgeError(e) && e.code === "RF_BUDGET_EXCEEDED") throw e;
        }
        if (rows !== undefined) checkRowLimit(plan.plan.name, rows, limits);
      }
      const id = randomUUID();
      const ts = iso();
      const record: ExecutionRecord = {
        id,
        planName: plan.plan.name,
        status: "queued",
        failedReason: null,
        runBy,
        updatedBy: runBy,
        createdTs: ts,
        updatedTs: ts,
        generationSummary: [],
        validationSummary: [],
        reportLink: `/report/${id}/index.html`,
        timeTaken: "0.00s",
        mode,
      };
      await o.store.executions.put(record);
      progress.begin(record);
      pending++;
      const controller = new AbortController();
      queuedRecords.set(id, record);
      const ended = execute(plan, record, only, controller.signal)
        .catch((e: unknown) => onError(`execution ${id} failed outside its run`, e))
        .finally(async () => {
          live.delete(id);
          queuedRecords.delete(id);
          // Runs that ended without a report (shutdown while queued): their watchers get the stored record.
          if (progress.has(id))
            progress.end((await o.store.executions.get(id).catch(() => undefined)) ?? record);
        });
      live.set(id, { controller, ended, state: "queued" });
      return record;
    },
    async recoverInterrupted() {
      let n = 0;
      for (const status of ["queued", "running"] as const) {
        for (const r of await o.store.executions.listByStatus(status)) {
          await update(r, { status: "failed", failedReason: "interrupted" });
          n++;
        }
      }
      return n;
    },
    idle() {
      if (running === 0 && pending === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
