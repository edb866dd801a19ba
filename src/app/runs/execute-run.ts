import type { ResourceAccess } from "../../access/index.ts";
import type { Leftover } from "../../connectors/connector.ts";
import { discardLeftovers } from "../../connectors/discard-leftovers.ts";
import type { RowforgeError } from "../../errors/index.ts";
import type { ExecutionMode, ExecutionRecord } from "../../store/index.ts";
import { cancellation } from "./cancellation.ts";
import { type JobOutcome, jobOutcome } from "./job-outcome.ts";
import { jobRelay, type RunWatch } from "./job-relay.ts";
import type { DeleteHistorySource } from "./plan-history.ts";
import { reportPlace, reportRun } from "./report-run.ts";
import { type AfterRollback, rollBackIfAsked } from "./roll-back-run.ts";
import { detailsOf, type RunDetails } from "./run-details.ts";
import type { JobEnd, RunHost } from "./run-host.ts";
import type { RunJob } from "./run-job.ts";
import { journalRun, type RunJournal } from "./run-journal.ts";
import { timeLimitReason } from "./run-limits.ts";

/**
 * How long a run asked to stop may take to stop by itself (its output aborted cleanly) before
 * its thread is terminated: a cancel answers within a second even when the run is busy.
 */
export const STOP_WAIT_MS = 400;

/** Where runs are recorded: the server's store, or the home a command-line run records in as it ends. */
export interface RunRecords {
  /** The run starts: its record as kept meanwhile (the server's says running; the CLI keeps none yet). */
  started(record: ExecutionRecord): Promise<ExecutionRecord>;
  /** The run history a run of `mode` reads and marks (a delete's), held until its job ends. */
  history(mode: ExecutionMode): Promise<HeldHistory>;
  /**
   * Keeps the final record (its report written): `journal` holds it for the next opener of the
   * history when another process holds that now.
   */
  keep(final: ExecutionRecord, journal: RunJournal | undefined): Promise<KeptRecord>;
}

export interface HeldHistory {
  readonly source: DeleteHistorySource;
  release(): Promise<void>;
}

/** A final record as kept: whether it is in the history, and a note on why not or where it waits. */
export interface KeptRecord {
  readonly record: ExecutionRecord;
  readonly recorded: boolean;
  readonly note?: string;
}

export interface ExecuteRunOptions {
  readonly job: RunJob;
  /** The record the run starts from (a server's queued record, the CLI's new one). */
  readonly record: ExecutionRecord;
  /** Where the job is done: a run thread of its own, or the calling thread. */
  readonly host: RunHost;
  readonly records: RunRecords;
  /** What the plan's files and URLs may be: its report folder, its rollback. */
  readonly access: ResourceAccess;
  /** The home's journal folder (run-journal.ts); none: the journal is kept in memory only. */
  readonly journalFolder?: string;
  /** Where reports go when the configuration names no generatedReportsFolderPath (none: no report then). */
  readonly reportsRoot?: string;
  /** Roll back what a failed generate run committed (default: the configuration's enableRollbackOnFailure). */
  readonly rollback?: boolean;
  /** Asks the run to stop (cancel, shutdown, Ctrl-C): its reason becomes the run's failedReason. */
  readonly signal: AbortSignal;
  /** How long the run may take to stop by itself before its thread is ended (default STOP_WAIT_MS). */
  readonly stopWaitMs?: () => number;
  /** The adapter's view of the run as it goes. */
  readonly watch?: RunWatch;
  /**
   * What fails before the run ends (a plan the run refuses before writing anything, a journal
   * that cannot start) is thrown to the caller, unrecorded: the CLI reports it as an error of
   * its command. Otherwise (a server) it is recorded as the run's failure.
   */
  readonly throwFailures?: boolean;
  readonly now?: () => number;
  /** Told what no run result can carry: leftovers that could not be removed. */
  readonly onError?: (message: string, error: unknown) => void;
  /** Told once when the journal cannot be written (the run goes on). */
  readonly onJournalError?: (error: unknown) => void;
}

/** How a run ended, and what became of its record. */
export interface RunEnding extends KeptRecord {
  readonly end: JobEnd;
  readonly reportDir?: string;
  readonly rollback?: AfterRollback["rollback"];
}

/**
 * The one way a run is done, for every adapter (the server's run manager, `rowforge run`):
 * the run journaled as it goes, its job started on its host with its time limit, stopped when
 * asked, what it may leave behind removed, rolled back when it failed and that is asked, its
 * report written and its record kept. The pre-run check (checkRun) comes first, by the adapter.
 */
export async function executeRun(o: ExecuteRunOptions): Promise<RunEnding> {
  const now = o.now ?? (() => Date.now());
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const place = await reportPlace(o.job.plan, o.reportsRoot, o.access);
  let current = o.record;
  let journal: RunJournal | undefined;
  let ran: { end: JobEnd; outcome: JobOutcome };
  try {
    try {
      current = await o.records.started(o.record);
      const { runId, mode } = o.job;
      const { runBy, createdTs } = o.record;
      journal = await journalRun(
        o.journalFolder,
        o.job.plan,
        { runId, mode, runBy, createdTs },
        place,
        o.onJournalError,
      );
      ran = await runJob(o, journal, seconds);
    } catch (e) {
      // The store or the journal failed around the run (or, for the CLI, the run was refused).
      if (o.throwFailures) throw e;
      const end: JobEnd = { kind: "failed", error: e };
      ran = {
        end,
        outcome: jobOutcome(end, journal?.entry ?? { steps: [], seconds: seconds() }, seconds(), e),
      };
    }
    const after = await rollBackIfAsked(o.job.plan, current, ran.outcome, o.access, o.rollback);
    const { change, seed, generatorVersion, recompute, validations } = after.outcome;
    const final = { ...after.record, ...change, updatedTs: new Date(now()).toISOString() } as ExecutionRecord;
    const reportDir = await reportRun(place, final, seed, generatorVersion, validations);
    const details: RunDetails = {
      ...detailsOf(after.record),
      ...(recompute ? { recompute } : {}),
      ...(reportDir ? { reportDir } : {}),
    };
    const kept = await o.records.keep(
      Object.keys(details).length > 0 ? { ...final, details } : final,
      journal,
    );
    return {
      ...kept,
      end: ran.end,
      ...(reportDir ? { reportDir } : {}),
      ...(after.rollback ? { rollback: after.rollback } : {}),
    };
  } finally {
    // The run is recorded for good (or refused): its journal goes.
    await journal?.close();
  }
}

/** Starts the job on its host and waits for its end: stopped when asked or at its time limit, its leftovers removed. */
async function runJob(
  o: ExecuteRunOptions,
  journal: RunJournal,
  seconds: () => number,
): Promise<{ end: JobEnd; outcome: JobOutcome }> {
  const { job } = o;
  const leftovers: Leftover[] = [];
  const stopping = new AbortController();
  const forward = () => stopping.abort(o.signal.reason);
  let stopTimer: ReturnType<typeof setTimeout> | undefined;
  let limitTimer: ReturnType<typeof setTimeout> | undefined;
  const held = await o.records.history(job.mode);
  let end: JobEnd;
  try {
    const running = o.host.start(job, jobRelay(journal, leftovers, o.watch), held.source);
    // Asked to stop: the run stops by itself, or its thread is ended under it.
    stopping.signal.addEventListener(
      "abort",
      () => {
        running.abort(stopping.signal.reason as RowforgeError);
        stopTimer = setTimeout(() => running.terminate(), o.stopWaitMs?.() ?? STOP_WAIT_MS);
        stopTimer.unref?.();
      },
      { once: true },
    );
    if (o.signal.aborted) forward();
    else o.signal.addEventListener("abort", forward, { once: true });
    // The time limit holds even for a run too busy to look at its own clock.
    const limitMs = job.limits.maxSeconds * 1000 + STOP_WAIT_MS;
    if (limitMs < 2 ** 31 - 1) {
      limitTimer = setTimeout(() => stopping.abort(cancellation(timeLimitReason(job.limits))), limitMs);
      limitTimer.unref?.();
    }
    end = await running.ended;
  } finally {
    clearTimeout(stopTimer);
    clearTimeout(limitTimer);
    o.signal.removeEventListener("abort", forward);
    await held.release();
  }
  // What a run stopped at once left behind goes before its record says it ended (a run that
  // ended by itself removed it already: then this finds nothing).
  const undone = await discardLeftovers(job.runId, leftovers);
  if (undone.length > 0)
    o.onError?.(`execution ${job.runId}: what it left could not all be removed`, undone.join(", "));
  if (end.kind === "failed" && o.throwFailures) throw end.error;
  return { end, outcome: jobOutcome(end, journal.entry, seconds(), stopping.signal.reason) };
}
