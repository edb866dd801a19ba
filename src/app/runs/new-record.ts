import type { ExecutionMode, ExecutionRecord } from "../../store/index.ts";

/** The execution record a run starts with: queued (a server's, submitted) or running (the CLI's, at once). */
export function newRecord(
  run: {
    readonly id: string;
    readonly planName: string;
    readonly mode: ExecutionMode;
    readonly runBy: string;
  },
  status: ExecutionRecord["status"],
  ts: string,
): ExecutionRecord {
  return {
    id: run.id,
    planName: run.planName,
    status,
    failedReason: null,
    runBy: run.runBy,
    updatedBy: run.runBy,
    createdTs: ts,
    updatedTs: ts,
    generationSummary: [],
    validationSummary: [],
    reportLink: `/report/${run.id}/index.html`,
    timeTaken: "0.00s",
    mode: run.mode,
  };
}
