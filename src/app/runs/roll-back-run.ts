import type { ResourceAccess } from "../../access/index.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { ExecutionRecord } from "../../store/index.ts";
import { deletePlanData } from "./delete-plan-data.ts";
import type { HistoryRecords } from "./plan-history.ts";
import type { RunResult } from "./run-plan.ts";

/** A failed run rolled back: what the delete did, and the run's record marked with what it removed. */
export interface RolledBack {
  readonly result: RunResult;
  readonly record: ExecutionRecord;
}

/** One sentence on what a rollback (a delete's result) removed, for a run's failedReason. */
export function rollbackNote(r: RunResult): string {
  const removed = r.steps
    .filter((s) => s.success && s.records > 0)
    .map((s) => `${s.records} rows of ${s.name}`);
  if (!r.success)
    return `the rollback failed: ${r.failedReason ?? ""}${removed.length > 0 ? ` (removed: ${removed.join(", ")})` : ""}`;
  return removed.length > 0
    ? `rolled back: removed ${removed.join(", ")}`
    : "rolled back: it had committed nothing";
}

/**
 * Removes what a failed run committed, and only that (`--on-failure rollback`): delete mode
 * on a history of that one run, its own record, so it needs no home (and no store a server
 * may hold). File outputs lose the run's files (its manifests); database tables its rows,
 * regenerated from its seed; messages and HTTP requests cannot be taken back (their steps say
 * so). The record comes back marked deleted for the steps removed, so a later delete skips them.
 */
export async function rollBackRun(
  plan: ResolvedPlan,
  record: ExecutionRecord,
  access: ResourceAccess,
): Promise<RolledBack> {
  let kept = record;
  const executions: HistoryRecords = {
    list: async () => [kept],
    get: async (id) => (id === kept.id ? kept : undefined),
    put: async (r) => {
      if (r.id === kept.id) kept = r;
    },
  };
  const result = await deletePlanData(plan, { access, history: { executions }, onlyRuns: [record.id] });
  return { result, record: kept };
}
