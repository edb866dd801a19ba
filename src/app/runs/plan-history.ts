import type { RecordBatch } from "apache-arrow";
import type { GeneratedRun, StepHistory } from "../../connectors/connector.ts";
import {
  type CompiledPlan,
  compilePlan,
  GENERATOR_VERSION,
  loadPlanCode,
  resolveBudget,
} from "../../engine/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { StepReport } from "../../model/step-report.ts";
import type { ExecutionCollection, ExecutionRecord } from "../../store/index.ts";
import { isReference } from "../check/check-step-runnable.ts";
import { detailsOf, withDetails } from "./run-details.ts";
import { stepCheck } from "./step-check.ts";

/** What delete mode reads and marks of the store's executions (a run thread reaches them through its port). */
export type HistoryRecords = Pick<ExecutionCollection, "list" | "get" | "put">;

/** Where delete mode finds the runs to delete: the store's executions, or why there is none. */
export type DeleteHistorySource = { readonly executions: HistoryRecords } | { readonly missing: string };

/** The run history of one plan as delete mode uses it. */
export interface PlanHistory {
  /** What earlier runs wrote for a step (by `dataSource.step` id). */
  forStep(stepId: string): StepHistory;
  /** Records that `deleteRunId` removed these runs' rows of the step. */
  markDeleted(stepId: string, runIds: readonly string[], deleteRunId: string): Promise<void>;
}

const NO_HISTORY =
  "no run history is read (--no-history), so nothing says which runs wrote which rows: " +
  "run the delete without --no-history, in the home the generate runs were recorded in (--home, ROWFORGE_HOME, default ~/.rowforge), or through the server that made them";

/** A run without a home (`run --no-history`): no history, and why. */
export const NO_HISTORY_SOURCE: { readonly missing: string } = { missing: NO_HISTORY };

/**
 * Reads the plan's earlier generate runs from the history: each run whose step report says it
 * wrote rows of a step (a failed run's earlier steps were committed; its failed step was not)
 * and whose rows of that step were not deleted yet. A run's rows are regenerated from its
 * seed, reference time and recorded options, after checking they still give what it wrote.
 */
export async function loadPlanHistory(
  plan: ResolvedPlan,
  source: DeleteHistorySource | undefined,
  references: () => Promise<Readonly<Record<string, Uint8Array>>> = async () => ({}),
  onlyRuns?: readonly string[],
): Promise<PlanHistory> {
  const only = onlyRuns ? { onlyRuns } : {};
  if (source === undefined || "missing" in source) {
    const missing = (source ?? NO_HISTORY_SOURCE).missing;
    return {
      forStep: () => ({ runs: undefined, missing, deletedBefore: [], planRuns: 0, ...only }),
      markDeleted: async () => {},
    };
  }
  const { executions } = source;
  const records = (await executions.list())
    .filter(
      (r) =>
        r.planName === plan.plan.name &&
        r.mode === "generate" &&
        (r.status === "success" || r.status === "failed") &&
        (onlyRuns === undefined || onlyRuns.includes(r.id)),
    )
    .reverse();
  // Children of reference steps drew their keys from the data read then; read it again (a
  // source changed since makes the step check refuse rather than delete other rows).
  const refs = records.length > 0 && plan.steps.some(isReference) ? await references() : {};
  await loadPlanCode(plan);
  const compiledByRun = new Map<string, CompiledPlan>();
  const compiledFor = (r: ExecutionRecord): CompiledPlan => {
    let c = compiledByRun.get(r.id);
    if (c === undefined) {
      const facts = detailsOf(r).recompute!;
      c = compilePlan(plan, {
        seed: r.seed!,
        nowMicros: r.nowMicros!,
        fastMode: facts.fastMode,
        budget: resolveBudget(plan.config.budget),
        references: refs,
        ...(facts.numRecordsPerStep !== undefined ? { numRecordsPerStep: facts.numRecordsPerStep } : {}),
      });
      compiledByRun.set(r.id, c);
    }
    return c;
  };
  return {
    forStep(stepId) {
      const runs: GeneratedRun[] = [];
      const deletedBefore: { runId: string; outputs: readonly string[] }[] = [];
      for (const r of records) {
        const report = wrote(r, stepId);
        if (report === undefined) continue;
        if (detailsOf(r).deleted?.[stepId] !== undefined) {
          deletedBefore.push({ runId: r.id, outputs: report.outputs });
          continue;
        }
        runs.push({
          runId: r.id,
          createdTs: r.createdTs,
          records: report.records,
          outputs: report.outputs,
          batches: (batchRows) => regenerate(r, stepId, report.records, batchRows, compiledFor),
        });
      }
      return { runs, deletedBefore, planRuns: records.length, ...only };
    },
    async markDeleted(stepId, runIds, deleteRunId) {
      for (const id of runIds) {
        const r = await executions.get(id);
        if (r === undefined) continue;
        const deleted = { ...detailsOf(r).deleted, [stepId]: deleteRunId };
        await executions.put(withDetails(r, { deleted }));
      }
    },
  };
}

/** The run's report of the step when it wrote rows there. */
function wrote(r: ExecutionRecord, stepId: string): StepReport | undefined {
  for (const s of r.generationSummary as readonly StepReport[]) {
    if (`${s.dataSource}.${s.name}` !== stepId) continue;
    if (s.success && !s.skipped && s.records > 0) return s;
  }
  return undefined;
}

/** The run's rows of the step again, in batches; refuses (before the first) when they would differ from what it wrote. */
function regenerate(
  r: ExecutionRecord,
  stepId: string,
  records: number,
  batchRows: number,
  compiledFor: (r: ExecutionRecord) => CompiledPlan,
): Iterable<RecordBatch> {
  const facts = detailsOf(r).recompute;
  const which = `run ${r.id} of ${r.createdTs} (seed ${r.seed ?? "?"}, now ${r.nowMicros === undefined ? "?" : new Date(r.nowMicros / 1000).toISOString()})`;
  const refuse = (why: string) =>
    new RowforgeError(
      "RF_DELETE_NOT_RECOMPUTABLE",
      `step ${stepId}: the rows of ${which} cannot be regenerated: ${why}`,
    );
  if (facts === undefined || r.seed === undefined || r.nowMicros === undefined) {
    throw refuse("an older rowforge recorded it without what regenerating its rows needs");
  }
  if (facts.generatorVersion !== GENERATOR_VERSION) {
    throw refuse(
      `it was generated by generator version ${facts.generatorVersion} and this rowforge generates version ${GENERATOR_VERSION}`,
    );
  }
  const step = compiledFor(r).step(stepId);
  if (step === undefined) throw refuse("the plan no longer has this step");
  if (step.rowCount !== records) {
    throw refuse(`it wrote ${records} rows and the plan now gives ${step.rowCount}: the plan changed since`);
  }
  if (facts.checks[stepId] !== stepCheck(step)) {
    throw refuse("the step's fields or the plan's foreign keys changed since, so its values differ");
  }
  return (function* () {
    const size = Math.max(1, batchRows);
    for (let start = 0; start < records; start += size)
      yield step.batch(start, Math.min(size, records - start));
  })();
}
