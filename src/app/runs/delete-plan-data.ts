import { randomUUID } from "node:crypto";
import type { ResourceAccess } from "../../access/index.ts";
import { connectorFor } from "../../connectors/registry.ts";
import { compilePlan, GENERATOR_VERSION, loadPlanCode, resolveBudget } from "../../engine/index.ts";
import { isRowforgeError, RowforgeError } from "../../errors/index.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import { type StepReport, stepFailure } from "../../model/step-report.ts";
import { checkPlanAccess } from "../check/check-plan-access.ts";
import { isReference } from "../check/check-step-runnable.ts";
import { loadReferences } from "../schemas/load-references.ts";
import { readSchemas } from "../schemas/read-schemas.ts";
import { type DeleteHistorySource, loadPlanHistory } from "./plan-history.ts";
import type { RunResult } from "./run-plan.ts";

/**
 * Delete mode: removes what earlier runs of the plan generated, and only that, children
 * before parents (reverse foreign-key order), each through its step's connector. For files, each output keeps a manifest of
 * the files each run created; appended runs are separate part files, so deleting a run's
 * files removes exactly its rows. Databases delete the rows of each earlier generate run the
 * history knows (regenerated from its seed and reference time); each run whose rows of a step
 * were removed is marked so in the history, so a second delete removes nothing.
 */
export async function deletePlanData(
  given: ResolvedPlan,
  o: {
    /** What the outputs to delete from may be (the server's output folders; the CLI's anything). */
    access: ResourceAccess;
    runId?: string;
    /** A step's delete begins (the live run view lists it as running). */
    onStepStart?: (name: string) => void;
    onStepDone?: (r: StepReport) => void;
    only?: ReadonlySet<string>;
    /** The run history (the store's executions), or why there is none. */
    history?: DeleteHistorySource;
    /** Only these runs' data (`--run`, a failed run rolled back); absent: every earlier run's. */
    onlyRuns?: readonly string[];
  },
): Promise<RunResult> {
  const started = performance.now();
  const runId = o.runId ?? randomUUID();
  // Rows are regenerated as the runs made them: with the columns read from the database and
  // the reference data their foreign keys drew from (a changed source fails the step check).
  await checkPlanAccess(given, o.access);
  const { plan } = await readSchemas(given, { access: o.access });
  // Compiling checks the plan and gives the insert order; nothing is generated.
  await loadPlanCode(plan);
  const compiled = compilePlan(plan, {
    seed: plan.plan.sinkOptions.seed ?? "0",
    nowMicros: 0,
    fastMode: true,
    budget: resolveBudget(plan.config.budget),
  });
  const history = await loadPlanHistory(
    plan,
    o.history,
    () => loadReferences(plan, o.access, o.only),
    o.onlyRuns,
  );
  const steps: StepReport[] = [];
  let failedReason: string | null = null;
  for (const step of [...compiled.steps].reverse()) {
    if (o.only && !o.only.has(step.id)) continue;
    const r = step.resolved;
    const t0 = performance.now();
    const base = {
      name: r.step.name,
      task: r.taskName,
      dataSource: r.dataSourceName,
      format: r.format,
      bytes: 0,
      rowsPerSecond: 0,
    };
    o.onStepStart?.(r.step.name);
    if (isReference(r)) {
      // Existing data the plan only reads (enableReferenceMode) is never deleted.
      const report: StepReport = {
        ...base,
        records: 0,
        seconds: 0,
        success: true,
        outputs: [],
        skipped: "reference data: read, never deleted",
      };
      steps.push(report);
      o.onStepDone?.(report);
      continue;
    }
    const connector = await connectorFor(r, "deleting from");
    try {
      const out = await connector.deleteGenerated(r, plan.plan.name, history.forStep(step.id), o.access);
      if (out.runs && out.runs.length > 0) {
        try {
          await history.markDeleted(step.id, out.runs, runId);
        } catch (e) {
          // The rows are gone; only the history does not say so (a full disk, say).
          throw new RowforgeError(
            "RF_RUN_FAILED",
            `${out.records} rows were deleted, but the run history could not record it (${e instanceof Error ? e.message : String(e)}); a second delete finds none of those runs' rows left`,
          );
        }
      }
      const seconds = (performance.now() - t0) / 1000;
      const report: StepReport = {
        ...base,
        records: out.records,
        seconds,
        rowsPerSecond: seconds > 0 ? out.records / seconds : 0,
        success: true,
        outputs: out.outputs,
        ...(out.note ? { skipped: out.note } : {}),
      };
      steps.push(report);
      o.onStepDone?.(report);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      steps.push({
        ...base,
        records: 0,
        seconds: (performance.now() - t0) / 1000,
        success: false,
        outputs: [],
        error: message,
        ...(isRowforgeError(e) ? { errorCode: e.code } : {}),
      });
      failedReason = stepFailure(r.step.name, message);
      break;
    }
  }
  return {
    runId,
    planName: plan.plan.name,
    seed: plan.plan.sinkOptions.seed ?? "",
    seedChosen: false,
    nowMicros: 0,
    generatorVersion: GENERATOR_VERSION,
    success: failedReason === null,
    failedReason,
    seconds: (performance.now() - started) / 1000,
    steps,
  };
}
