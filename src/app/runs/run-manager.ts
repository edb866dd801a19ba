import { randomUUID } from "node:crypto";
import type { ResolvedPlan } from "../../config/resolve/resolved-plan.ts";
import { GENERATOR_VERSION } from "../../engine/generator-version.ts";
import type { BatchExecutor } from "../../engine/run/batch-task.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { ExecutionMode, ExecutionRecord, Store } from "../../store/index.ts";
import { deletePlanData } from "../delete-plan-data.ts";
import { runPlan } from "../run-plan.ts";
import { reportRun } from "./report-run.ts";
import { timeTaken } from "./time-taken.ts";

export interface RunManagerOptions {
  readonly store: Store;
  /** Runs at the same time (default 1): two runs never fight over the same output. */
  readonly concurrency?: number;
  readonly executor: (totalRows: number) => BatchExecutor;
  readonly now?: () => number;
  /** Where reports go when the plan's configuration names no generatedReportsFolderPath. */
  readonly reportsRoot: string;
}

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
  readonly active: number;
}

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

  const update = async (
    record: ExecutionRecord,
    change: Partial<ExecutionRecord>,
  ): Promise<ExecutionRecord> => {
    const next = { ...record, ...change, updatedTs: iso() } as ExecutionRecord;
    await o.store.executions.put(next);
    return next;
  };

  /** Writes the run's report when the configuration asks for reports; a report failure never fails the run. */
  const report = async (
    plan: ResolvedPlan,
    r: ExecutionRecord,
    seed: string,
    version: number,
  ): Promise<ExecutionRecord> => {
    const dir = await reportRun(plan, r, seed, version, o.reportsRoot);
    return dir ? update(r, { details: { reportDir: dir } }) : r;
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
  /** Runs accepted and not started yet: at shutdown they are marked "shutdown" at once. */
  const queued = new Map<string, ExecutionRecord>();

  const execute = async (
    plan: ResolvedPlan,
    record: ExecutionRecord,
    only: ReadonlySet<string> | undefined,
  ) => {
    await slot();
    pending--;
    const stillQueued = queued.delete(record.id);
    if (stopping) {
      if (stillQueued) await update(record, { status: "failed", failedReason: "shutdown" });
      release();
      return;
    }
    const started = performance.now();
    let current = await update(record, { status: "running" });
    inFlight.set(record.id, current);
    try {
      const result =
        record.mode === "delete"
          ? await deletePlanData(plan, { runId: record.id, ...(only ? { only } : {}) })
          : await runPlan(plan, {
              runId: record.id,
              executor: o.executor,
              nowMicros: now() * 1000,
              ...(only ? { only } : {}),
            });
      current = await update(current, {
        status: result.success ? "success" : "failed",
        failedReason: result.failedReason,
        generationSummary: result.steps,
        timeTaken: timeTaken(result.seconds),
        seed: result.seed,
        nowMicros: result.nowMicros,
      });
      current = await report(plan, current, result.seed, result.generatorVersion);
    } catch (e) {
      current = await update(current, {
        status: "failed",
        failedReason: e instanceof Error ? e.message : String(e),
        timeTaken: timeTaken((performance.now() - started) / 1000),
      });
      await report(plan, current, current.seed ?? "", GENERATOR_VERSION);
    } finally {
      inFlight.delete(record.id);
      release();
    }
  };

  return {
    get active() {
      return running + pending;
    },
    async shutdown(graceMs) {
      stopping = true;
      // Queued runs never start: recorded as "shutdown" now, not left to be found "interrupted" by the next process.
      const never = [...queued.values()];
      queued.clear();
      for (const r of never) await update(r, { status: "failed", failedReason: "shutdown" });
      const ended = await Promise.race([
        this.idle().then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), graceMs).unref()),
      ]);
      if (ended) return true;
      for (const r of inFlight.values()) await update(r, { status: "failed", failedReason: "shutdown" });
      return false;
    },
    async submit(plan, mode, runBy, only) {
      if (stopping)
        throw new RowforgeError("RF_RUN_FAILED", "rowforge is shutting down and takes no new runs");
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
      queued.set(id, record);
      pending++;
      void execute(plan, record, only);
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
