import type { ResourceAccess } from "../../access/index.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { ExecutionRecord } from "../../store/index.ts";
import { deletePlanData } from "./delete-plan-data.ts";
import type { JobOutcome } from "./job-outcome.ts";
import type { HistoryRecords } from "./plan-history.ts";
import { detailsOf } from "./run-details.ts";
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

/** A run's outcome after its rollback was asked for: its record, its outcome, and what the rollback did. */
export interface AfterRollback {
  readonly record: ExecutionRecord;
  readonly outcome: JobOutcome;
  /** What the rollback removed, or why it failed; absent when none was made. */
  readonly rollback?: RolledBack | { readonly error: string };
}

/**
 * A failed generate run whose rollback is asked for (`run --on-failure rollback`, else the
 * configuration's flag enableRollbackOnFailure) has what it committed removed before it is
 * recorded: its record marked with what went, its failedReason saying so.
 */
export async function rollBackIfAsked(
  plan: ResolvedPlan,
  record: ExecutionRecord,
  outcome: JobOutcome,
  access: ResourceAccess,
  asked = plan.config.flags.enableRollbackOnFailure,
): Promise<AfterRollback> {
  if (record.mode !== "generate" || outcome.change.status !== "failed" || !asked) return { record, outcome };
  const failed = {
    ...record,
    ...outcome.change,
    ...(outcome.recompute ? { details: { ...detailsOf(record), recompute: outcome.recompute } } : {}),
  } as ExecutionRecord;
  const noted = (note: string): JobOutcome => ({
    ...outcome,
    change: { ...outcome.change, failedReason: `${outcome.change.failedReason ?? "failed"}; ${note}` },
  });
  try {
    const rolledBack = await rollBackRun(plan, failed, access);
    return {
      record: rolledBack.record,
      outcome: noted(rollbackNote(rolledBack.result)),
      rollback: rolledBack,
    };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    return { record, outcome: noted(`the rollback failed: ${error}`), rollback: { error } };
  }
}
