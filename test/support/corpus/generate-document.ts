import type { RecordBatch } from "apache-arrow";
import { stringify } from "yaml";
import { checkStepRunnable } from "../../../src/app/check/check-step-runnable.ts";
import { compilePlan, loadSqlCompiler, resolveBudget } from "../../../src/engine/index.ts";
import { fillFromMetadata } from "../../../src/metadata/fill-from-metadata.ts";
import type { ResolvedStep } from "../../../src/model/resolved-plan.ts";
import { OPEN_ACCESS } from "../open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../plans.ts";
import type { CorpusTask } from "./corpus-manifest.ts";

// Plans with sql fields compile with the SQL compiler loaded, as a run's loadPlanCode leaves it.
await loadSqlCompiler();

/** One step a document made (an OpenAPI operation, a contract table) and the rows it generated. */
export interface GeneratedStep {
  readonly step: ResolvedStep;
  readonly batch: RecordBatch;
}

/**
 * The task a user writes for a document (its `{document}` and `{message}` filled in) as a task
 * file of a plan, loaded as `rowforge run` loads it, its fields read from the document
 * (fillFromMetadata) and `rows` rows generated for each step it makes, in this thread, with the
 * run's defaults (fast mode, the configured generation budget) and its checks of each step. A refusal is thrown as the
 * RowforgeError the user would see.
 */
export async function generateDocument(
  task: CorpusTask,
  values: Readonly<Record<string, string>>,
  rows: number,
): Promise<GeneratedStep[]> {
  const options: Record<string, string> = { path: "out/corpus" };
  for (const [k, v] of Object.entries(task.options))
    options[k] = v.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "");
  const step = { name: "s", type: task.type, count: { records: rows }, options };
  const plan = await planFrom("name: corpus\ntasks:\n  - name: t\n    dataSourceName: files\n", {
    t: stringify({ name: "t", steps: [step] }),
  });
  const filled = await fillFromMetadata(plan, { access: OPEN_ACCESS });
  const compiled = compilePlan(filled.plan, {
    seed: "28",
    nowMicros: TEST_NOW_MICROS,
    fastMode: true,
    budget: resolveBudget(filled.plan.config.budget),
  });
  // What `run` checks of every step before the first byte is written.
  for (const s of compiled.steps) await checkStepRunnable(s.resolved);
  return compiled.steps.map((s) => ({ step: s.resolved, batch: s.batch(0, s.rowCount) }));
}
