import type { ResourceAccess } from "../../access/index.ts";
import { isRowforgeError } from "../../errors/index.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import { type ExecutionMode, type ExecutionRecord, openStore } from "../../store/index.ts";
import { summaryRow } from "../validate/validation-result.ts";
import { reportPlace, reportRun } from "./report-run.ts";
import { type RunDetails, withDetails } from "./run-details.ts";
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
 * its runs. A home held by a running server is left alone: the run is reported as not recorded.
 */
export async function recordRun(
  home: string,
  access: ResourceAccess,
  plan: ResolvedPlan,
  result: RunResult,
  mode: ExecutionMode,
  createdTs: string,
  updatedTs: string,
): Promise<RecordedRun> {
  let store: Awaited<ReturnType<typeof openStore>>;
  try {
    store = await openStore(home);
  } catch (e) {
    if (isRowforgeError(e)) return { recorded: false, note: e.message };
    throw e;
  }
  try {
    const record = recordOf(result, mode, createdTs, updatedTs);
    const reportDir = await reportRun(
      await reportPlace(plan, `${home}/reports`, access),
      record,
      result.seed,
      result.generatorVersion,
      result.validations,
    );
    try {
      await store.executions.put(reportDir ? withDetails(record, { reportDir }) : record);
    } catch (e) {
      // The run itself is done: a store that cannot write (a full disk) only loses its history entry.
      if (isRowforgeError(e))
        return { recorded: false, note: e.message, ...(reportDir ? { reportDir } : {}) };
      throw e;
    }
    return { recorded: true, ...(reportDir ? { reportDir } : {}) };
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
  mode: ExecutionMode,
  createdTs: string,
  updatedTs: string,
): Promise<RecordedRun | undefined> {
  if (home) return recordRun(home, access, plan, result, mode, createdTs, updatedTs);
  const reportsFolder = plan.config.folders.generatedReportsFolderPath;
  if (!reportsFolder) return undefined;
  const record = recordOf(result, mode, createdTs, updatedTs);
  const reportDir = await reportRun(
    await reportPlace(plan, reportsFolder, access),
    record,
    result.seed,
    result.generatorVersion,
    result.validations,
  );
  return { recorded: true, ...(reportDir ? { reportDir } : {}) };
}
