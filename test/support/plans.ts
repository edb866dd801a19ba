import { OUTPUT_KINDS } from "../../src/app/output-kinds.ts";
import { loadProject } from "../../src/config/index.ts";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import { fixtureDir } from "./fixture-dir.ts";

/**
 * Loads a plan written inline (plan YAML plus task YAMLs, and other files such as an
 * `application.conf` with connections) the way a user's files are loaded.
 */
export async function planFrom(
  planYaml: string,
  tasks: Readonly<Record<string, string>>,
  otherFiles: Readonly<Record<string, string>> = {},
): Promise<ResolvedPlan> {
  const files: Record<string, string> = { "plan/plan.yaml": planYaml, ...otherFiles };
  for (const [name, body] of Object.entries(tasks)) files[`task/${name}.yaml`] = body;
  const dir = fixtureDir(files);
  const load = await loadProject([dir], { outputKinds: OUTPUT_KINDS, env: {} });
  const errors = load.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => `${e.code}: ${e.message}`).join("\n"));
  const plan = load.plans[0];
  if (!plan) throw new Error("no plan loaded");
  return plan;
}

/** A one-step plan from a list of field YAML lines. */
export function singleStepPlan(fieldsYaml: string, records = 100, stepExtra = ""): Promise<ResolvedPlan> {
  return planFrom("name: p\ntasks:\n  - name: t\n    dataSourceName: out\n", {
    t: `name: t\nsteps:\n  - name: s\n    type: json\n    count: {records: ${records}}\n${stepExtra}    fields:\n${fieldsYaml}`,
  });
}

/** 2026-11-01T00:00:00Z in microseconds: the fixed "now" of engine tests. */
export const TEST_NOW_MICROS = Date.UTC(2026, 10, 1) * 1000;
