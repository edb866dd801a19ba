import { randomUUID } from "node:crypto";
import type { ResourceAccess } from "../../access/index.ts";
import { withSessions } from "../../connectors/table/step-sessions.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { ExecutionMode, ExecutionRecord, Store } from "../../store/index.ts";
import type { SchemaReading } from "../schemas/read-schemas.ts";
import { cancellation } from "./cancellation.ts";
import { checkRun } from "./check-run.ts";
import { executeRun, type RunRecords, STOP_WAIT_MS } from "./execute-run.ts";
import { newRecord } from "./new-record.ts";
import { planCannotRun } from "./plan-cannot-run.ts";
import { recoverLeftRuns } from "./recover-runs.ts";
import type { RunHost } from "./run-host.ts";
import { DEFAULT_RUN_LIMITS, type RunLimits } from "./run-limits.ts";
import { createRunProgress, type RunListener, type RunSnapshot } from "./run-progress.ts";

export interface RunManagerOptions {
  readonly store: Store;
  /** Runs at the same time (default 1): two runs never fight over the same output. */
  readonly concurrency?: number;
  /** Where runs are done: in run threads of their own (the server), or in the calling thread. */
  readonly host: RunHost;
  /**
   * The home's journal folder (run-journal.ts): each run records there as it goes, so a run
   * whose process dies is told at the next start and what it left behind is removed.
   */
  readonly journalFolder?: string;
  readonly now?: () => number;
  /** Where reports go when the plan's configuration names no generatedReportsFolderPath. */
  readonly reportsRoot: string;
  /** What the files and URLs of the plans it runs may be (checked when a run is submitted, and as it runs). */
  readonly access: ResourceAccess;
  /** Rows, bytes and seconds a run may take (default DEFAULT_RUN_LIMITS). */
  readonly limits?: RunLimits;
  /** Told about a failure that no request or run can report (a store write of a finished run). */
  readonly onError?: (message: string, error: unknown) => void;
  /** The folder transformations are loaded from: a generate run whose transformation does not load is refused. */
  readonly transformations?: string;
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
  /**
   * Marks runs left queued or running by a previous process (killed, power loss) as failed
   * "interrupted": with their time up to their last record, the steps they wrote and a report,
   * their temporaries removed (run-journal.ts); a command-line run's journal adds it to the history.
   */
  recoverInterrupted(): Promise<number>;
  /**
   * Takes into the history the command-line runs on this home that ended (or died) while this
   * server held it, from their journals: before a delete reads the history, and before it is listed.
   */
  takeInEndedRuns(): Promise<number>;
  /** Resolves when no run is queued or running. */
  idle(): Promise<void>;
  /**
   * Stops taking runs: queued runs are marked failed "shutdown" at once; a running run may
   * finish within `graceMs`, else it is stopped before the grace period ends (its thread
   * terminated if it does not stop at once, its partial outputs removed) and marked failed
   * "shutdown" with what it wrote. Resolves with whether all runs ended (false: only runs in
   * the calling thread can be left, and the caller should end the process to stop them).
   */
  shutdown(graceMs: number): Promise<boolean>;
  /**
   * Cancels a queued run (marked failed "cancelled" at once) or a running one (stopped, its
   * thread terminated if it does not stop within moments, its partial outputs removed;
   * resolves once it has ended, or after `waitMs`).
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
/**
 * At shutdown, running runs are stopped this long before the grace period ends (at most half of
 * it): time for a busy thread to be terminated, the run recorded, the store closed and the
 * process (with its heap launcher) to exit, on a loaded machine too.
 */
const SHUTDOWN_MARGIN_MS = 1_500;
/** How long stopped runs may take to be recorded (after their threads ended) before shutdown gives up on them. */
const RECORD_WAIT_MS = 2_000;

/** Whether `p` settles within `ms`. */
const settlesWithin = (p: Promise<unknown>, ms: number): Promise<boolean> =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);

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

  const takeInEndedRuns = (): Promise<number> =>
    o.journalFolder ? recoverLeftRuns(o.journalFolder, o.store.executions, iso) : Promise.resolve(0);

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
  /**
   * Runs accepted and not ended: how to cancel each (`stopWaitMs`: how long it may take to stop
   * by itself once cancelled), and a promise of its end.
   */
  const live = new Map<
    string,
    {
      readonly controller: AbortController;
      readonly ended: Promise<void>;
      state: "queued" | "running";
      stopWaitMs: number;
    }
  >();

  /** The store as a run's records: running, then final (with its report), each change seen by watchers. */
  const storeRecords: RunRecords = {
    async started(record) {
      const running = await update(record, { status: "running" });
      inFlight.set(record.id, running);
      progress.status(running);
      return running;
    },
    async history(mode) {
      // Command-line runs that ended while this server held the history are in it before a delete reads it.
      if (mode === "delete") await takeInEndedRuns();
      return { source: { executions: o.store.executions }, release: async () => {} };
    },
    async keep(final) {
      const ended = await settle(final, {});
      progress.end(ended);
      return { record: ended, recorded: true };
    },
  };

  const execute = async (
    plan: ResolvedPlan,
    record: ExecutionRecord,
    only: ReadonlySet<string> | undefined,
    reading: SchemaReading | undefined,
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
    const entry = live.get(record.id);
    if (entry) entry.state = "running";
    const id = record.id;
    try {
      await executeRun({
        job: {
          runId: id,
          mode: record.mode,
          plan,
          access: o.access.rules,
          nowMicros: now() * 1000,
          limits,
          ...(only ? { only } : {}),
          ...(reading ? { reading } : {}),
        },
        record,
        host: o.host,
        records: storeRecords,
        access: o.access,
        reportsRoot: o.reportsRoot,
        ...(o.journalFolder ? { journalFolder: o.journalFolder } : {}),
        signal,
        stopWaitMs: () => entry?.stopWaitMs ?? STOP_WAIT_MS,
        watch: {
          progress: (step, done, total, delivery) => progress.step(id, step, done, total, delivery),
          stepStart: (step) => progress.step(id, step, 0, 0),
          stepDone: (r) => progress.stepDone(id, r.name, r.records, r.rowsPerSecond),
        },
        now,
        onError,
        onJournalError: (e) =>
          onError(`execution ${id}: its journal could not be written (the run goes on)`, e),
      });
    } finally {
      inFlight.delete(id);
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
      // Running runs may end by themselves until shortly before the grace period ends; then they
      // are stopped ("shutdown"): their outputs aborted, their threads terminated if they do not
      // stop within a quarter of what is left, what they wrote recorded.
      const margin = Math.min(SHUTDOWN_MARGIN_MS, graceMs / 2);
      if (await settlesWithin(this.idle(), graceMs - margin)) return true;
      for (const [id, entry] of live)
        if (inFlight.has(id)) {
          entry.stopWaitMs = margin / 4;
          entry.controller.abort(cancellation("shutdown"));
        }
      if (await settlesWithin(this.idle(), margin / 4 + RECORD_WAIT_MS)) return true;
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
      // The pre-run check of `rowforge run` (files and URLs the rules refuse, tables, columns,
      // every step compiled, transformations, the row limit): a plan it refuses is a 4xx now,
      // before the run is recorded or anything is written.
      // The tables it reads go to the run, which does not read them again (one connection a server here).
      const checked = await withSessions(undefined, (sessions) =>
        checkRun(plan, {
          mode,
          access: o.access,
          limits,
          readTables: true,
          sessions,
          ...(o.transformations === undefined ? {} : { transformations: o.transformations }),
          ...(only ? { only } : {}),
        }),
      );
      const errors = checked.diagnostics.filter((d) => d.severity === "error");
      if (errors.length > 0) throw planCannotRun(plan.plan.name, errors);
      const id = randomUUID();
      const record = newRecord({ id, planName: plan.plan.name, mode, runBy }, "queued", iso());
      await o.store.executions.put(record);
      progress.begin(record);
      pending++;
      const controller = new AbortController();
      queuedRecords.set(id, record);
      const ended = execute(plan, record, only, checked.reading, controller.signal)
        .catch((e: unknown) => onError(`execution ${id} failed outside its run`, e))
        .finally(async () => {
          live.delete(id);
          queuedRecords.delete(id);
          // Runs that ended without a report (shutdown while queued): their watchers get the stored record.
          if (progress.has(id))
            progress.end((await o.store.executions.get(id).catch(() => undefined)) ?? record);
        });
      live.set(id, { controller, ended, state: "queued", stopWaitMs: STOP_WAIT_MS });
      return record;
    },
    takeInEndedRuns,
    async recoverInterrupted() {
      // Runs whose journal survives them: what they left is removed, their record tells what they did.
      let n = await takeInEndedRuns();
      // Any other run still queued or running (one that never started) simply did not end.
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
