import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { withSessions } from "../../connectors/table/step-sessions.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import { definedOf } from "../../util/defined-of.ts";
import { earlyExecutorFactory } from "../executors.ts";
import { checkRun, type RunCheck, type RunCheckOptions } from "./check-run.ts";
import { executeRun, type RunEnding } from "./execute-run.ts";
import { homeRecords } from "./home-records.ts";
import type { RunWatch } from "./job-relay.ts";
import { newRecord } from "./new-record.ts";
import { recoverLeftRunsOfHome } from "./recover-runs.ts";
import { executorDemand } from "./run-demand.ts";
import { inThreadHost } from "./run-host.ts";
import type { RunJob } from "./run-job.ts";
import { journalFolder } from "./run-journal.ts";
import type { RunLimits } from "./run-limits.ts";
import type { RunResult } from "./run-plan.ts";

/** What a run in the foreground is checked with: the pre-run check's options. */
export interface ForegroundCheck extends Omit<RunCheckOptions, "run" | "sessions" | "readTables" | "limits"> {
  /** The run's seed and reference time when given (else the plan's seed, the wall clock), and its variety. */
  readonly run: { readonly seed?: string; readonly nowMicros?: number; readonly fastMode: boolean };
}

/** How a checked plan runs in the foreground. */
export interface ForegroundStart extends Pick<RunJob, "transaction" | "batchSize" | "onlyRuns"> {
  /** The rowforge home the run records in (history, journal, report); none: `--no-history`. */
  readonly home: string | undefined;
  /** Worker threads (`--workers`); default: this thread for smaller runs, else one per core. */
  readonly workers: number | undefined;
  readonly limits: RunLimits;
  /** `run --on-failure`: roll back (true) or keep (false); default the configuration's enableRollbackOnFailure. */
  readonly rollback?: boolean;
  /** Ctrl-C: the run stops, its temporary outputs removed. */
  readonly signal: AbortSignal;
  readonly watch?: RunWatch;
  /** Told what the run cannot do but goes on without (its journal cannot be written). */
  readonly onNote: (message: string) => void;
}

/** A foreground run's end: the plan as it ran (rerooted, budgets applied), its result, and what became of its record. */
export interface ForegroundEnding extends Omit<RunEnding, "end"> {
  readonly plan: ResolvedPlan;
  readonly result: RunResult;
}

/**
 * `rowforge run`: a run manager of one run, in this thread. The pre-run check (checkRun) reads
 * the plan's tables and compiles it once, through the connections the run then keeps (one a
 * server); `afterCheck` sees it and says how to run (undefined: the check refused the plan, or
 * the caller stops); the run is then done as the server does its runs (executeRun), recorded in
 * the home. Throws what the run refuses before writing anything (an invalid plan).
 */
export async function runInForeground(
  given: ResolvedPlan,
  o: ForegroundCheck,
  afterCheck: (check: RunCheck) => ForegroundStart | undefined,
): Promise<ForegroundEnding | undefined> {
  return withSessions(undefined, async (sessions) => {
    const check = await checkRun(given, { ...o, sessions });
    const start = afterCheck(check);
    if (start === undefined) return undefined;
    const { plan, run: compiled } = check;
    const { home } = start;
    // Runs on this home whose process died (kill -9): their temporaries go, the history tells them.
    if (home) await recoverLeftRunsOfHome(home);
    const mode = o.mode ?? "generate";
    const id = randomUUID();
    const journaled = home !== undefined && mode === "generate";
    // Without --workers, runs of up to a few hundred thousand rows are faster in this thread;
    // a larger run's pool starts now, while the run opens its outputs.
    const executor = earlyExecutorFactory(
      start.workers,
      start.workers === undefined,
      compiled ? await executorDemand(compiled.compiled, undefined) : undefined,
    );
    try {
      const ending = await executeRun({
        job: {
          runId: id,
          mode,
          plan,
          access: o.access.rules,
          limits: start.limits,
          fastMode: o.run.fastMode,
          validationSourcesChecked: o.validationSources ?? false,
          ...definedOf({ ...o.run, connections: o.connections }),
          ...definedOf({
            transaction: start.transaction,
            batchSize: start.batchSize,
            onlyRuns: start.onlyRuns,
          }),
        },
        record: newRecord(
          { id, planName: plan.plan.name, mode, runBy: "cli" },
          "running",
          new Date().toISOString(),
        ),
        host: inThreadHost(executor, { ...(compiled ? { compiled } : {}), sessions }),
        records: homeRecords(home, journaled),
        access: o.access,
        ...(home ? { reportsRoot: join(home, "reports") } : {}),
        ...(journaled ? { journalFolder: journalFolder(home) } : {}),
        ...(start.rollback === undefined ? {} : { rollback: start.rollback }),
        signal: start.signal,
        ...(start.watch ? { watch: start.watch } : {}),
        throwFailures: true,
        onError: (message, e) => start.onNote(`${message}: ${String(e)}`),
        onJournalError: (e) =>
          start.onNote(
            `the run's journal in ${journalFolder(home ?? "")} cannot be written (${e instanceof Error ? e.message : String(e)}); if this process dies, its temporary files stay`,
          ),
      });
      const { end, ...kept } = ending;
      // A run in this thread ends by itself (what it refused is thrown above).
      if (end.kind !== "done")
        throw end.kind === "failed"
          ? end.error
          : new RowforgeError("RF_INTERNAL", "a run in this thread was ended at once, which cannot be");
      return { ...kept, plan, result: end.result };
    } finally {
      await executor.dispose();
    }
  });
}
