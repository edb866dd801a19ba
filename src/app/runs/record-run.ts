import { summaryRow } from "../../quality/index.ts";
import type { ExecutionMode, ExecutionRecord } from "../../store/index.ts";
import { newRecord } from "./new-record.ts";
import type { RunDetails } from "./run-details.ts";
import type { RunResult } from "./run-plan.ts";
import { timeTaken } from "./time-taken.ts";

/** The execution record of a finished command-line run, from its result. */
export function recordOf(
  result: RunResult,
  mode: ExecutionMode,
  createdTs: string,
  updatedTs: string,
): ExecutionRecord {
  const run = { id: result.runId, planName: result.planName, mode, runBy: "cli" };
  return {
    ...newRecord(run, result.success ? "success" : "failed", createdTs),
    failedReason: result.failedReason,
    updatedTs,
    generationSummary: result.steps,
    validationSummary: (result.validations ?? []).map(summaryRow),
    timeTaken: timeTaken(result.seconds),
    seed: result.seed,
    nowMicros: result.nowMicros,
    ...(result.recompute ? { details: { recompute: result.recompute } satisfies RunDetails } : {}),
  };
}
