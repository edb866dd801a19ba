import type { ResourceAccess } from "../../access/index.ts";
import { isRowforgeError } from "../../errors/index.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import { summaryRow } from "../../quality/index.ts";
import { type ExecutionMode, type ExecutionRecord, openStore } from "../../store/index.ts";
import { reportPlace, reportRun } from "./report-run.ts";
import { type RunDetails, withDetails } from "./run-details.ts";
import { journalFinishedRun, journalFolder, type RunJournal } from "./run-journal.ts";
import type { RunResult } from "./run-plan.ts";
import { timeTaken } from "./time-taken.ts";

export interface RecordedRun {
  readonly recorded: boolean;
  readonly note?: string;
  readonly reportDir?: string;
}

/** The execution record of a finished command-line run. */
export function recordOf(
  result: RunResult,
  mode: ExecutionMode,
  createdTs: string,
  updatedTs: string,
): ExecutionRecord {
  return {
    id: result.runId,
    planName: result.planName,
    status: result.success ? "success" : "failed",
    failedReason: result.failedReason,
    runBy: "cli",
    updatedBy: "cli",
    createdTs,
    updatedTs,
    generationSummary: result.steps,
    validationSummary: (result.validations ?? []).map(summaryRow),
    reportLink: `/report/${result.runId}/index.html`,
    timeTaken: timeTaken(result.seconds),
    mode,
    seed: result.seed,
    nowMicros: result.nowMicros,
    ...(result.recompute ? { details: { recompute: result.recompute } satisfies RunDetails } : {}),
  };
}

/**
 * Records a command-line run in a rowforge home (history and report), as the server does for
 * its runs. A home whose history another process holds (a running server) gets the record
 * through the run's journal (`journal`, or a journal left for it): the next opener of the
 * history (that server's next delete or start, the next command-line run) puts it there.
 */
export async function recordRun(
  home: string,
  access: ResourceAccess,
  plan: ResolvedPlan,
  result: RunResult,
  record: ExecutionRecord,
  journal?: RunJournal,
): Promise<RecordedRun> {
  const reportDir = await reportRun(
    await reportPlace(plan, `${home}/reports`, access),
    record,
    result.seed,
    result.generatorVersion,
    result.validations,
  );
  const final = reportDir ? withDetails(record, { reportDir }) : record;
  const withReport = reportDir ? { reportDir } : {};
  let store: Awaited<ReturnType<typeof openStore>>;
  try {
    store = await openStore(home);
  } catch (e) {
    if (!isRowforgeError(e)) throw e;
    if (e.code !== "RF_STORE_LOCKED") return { recorded: false, note: e.message, ...withReport };
    try {
      await (journal ? journal.finish(final) : journalFinishedRun(journalFolder(home), final));
    } catch (w) {
      return {
        recorded: false,
        note: `${e.message}, and ${w instanceof Error ? w.message : String(w)}`,
        ...withReport,
      };
    }
    return {
      recorded: true,
      note: `another rowforge process (a server) holds the history of ${home}: the run is added to it when that server next lists its history or runs a delete, or by the next rowforge run on the home`,
      ...withReport,
    };
  }
  try {
    await store.executions.put(final);
    return { recorded: true, ...withReport };
  } catch (e) {
    // The run itself is done: a store that cannot write (a full disk) only loses its history entry.
    if (isRowforgeError(e)) return { recorded: false, note: e.message, ...withReport };
    throw e;
  } finally {
    await store.close();
  }
}

/**
 * What a finished command-line run leaves behind: with a home, its history entry and report
 * there; without one, a report in the configuration's reports folder if one is set (no
 * history); else nothing (undefined).
 */
export async function keepRunRecord(
  home: string | undefined,
  access: ResourceAccess,
  plan: ResolvedPlan,
  result: RunResult,
  record: ExecutionRecord,
  journal?: RunJournal,
): Promise<RecordedRun | undefined> {
  if (home) return recordRun(home, access, plan, result, record, journal);
  const reportsFolder = plan.config.folders.generatedReportsFolderPath;
  if (!reportsFolder) return undefined;
  const reportDir = await reportRun(
    await reportPlace(plan, reportsFolder, access),
    record,
    result.seed,
    result.generatorVersion,
    result.validations,
  );
  return { recorded: true, ...(reportDir ? { reportDir } : {}) };
}
