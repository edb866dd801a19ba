import { type ProjectLoad, taskAsPlan } from "../../config/index.ts";
import type { Diagnostic } from "../../errors/index.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import { OUTPUT_KINDS } from "../output-kinds.ts";
import { checkPlan } from "./check-plan.ts";

/**
 * `validate`'s dry run over everything loaded: each plan that loaded without errors in its
 * own files is compiled as `run` compiles it, and so is each task file given on its own
 * that no plan uses (what `rowforge run task.yaml` would run). Returns the new problems.
 */
export function checkProject(load: ProjectLoad): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  const hasErrorsIn = (files: ReadonlySet<string>) =>
    load.diagnostics.some(
      (d) => d.severity === "error" && d.location?.file !== undefined && files.has(d.location.file),
    );
  const check = (plan: ResolvedPlan, files: ReadonlySet<string>) => {
    // Steps of files with load errors are not compiled (that would repeat what is reported);
    // the others are, so every problem is reported at once.
    const planFile = plan.sources[0];
    const bad = new Set([...files].filter((f) => hasErrorsIn(new Set([f]))));
    const skip = (taskName: string) => {
      const f = load.taskFiles.get(taskName) ?? planFile;
      return f !== undefined && bad.has(f);
    };
    for (const d of checkPlan(plan, load, skip, bad.size > 0)) {
      const key = `${d.location?.file}:${d.location?.line}:${d.code}:${d.message}`;
      if (!seen.has(key)) out.push(d);
      seen.add(key);
    }
  };
  const usedTasks = new Set<string>();
  for (const plan of load.plans) {
    const files = new Set(plan.sources.slice(0, 1));
    for (const t of plan.tasks) {
      usedTasks.add(t.name);
      const f = load.taskFiles.get(t.name);
      if (f) files.add(f);
    }
    check(plan, files);
  }
  const given = new Set(load.files.map((f) => f.path));
  for (const [name, task] of load.tasks) {
    const file = load.taskFiles.get(name);
    if (usedTasks.has(name) || !file || !given.has(file)) continue;
    const r = taskAsPlan({
      outputKinds: OUTPUT_KINDS,
      task,
      connections: load.connections,
      config: load.config,
      source: file,
    });
    if (r.diagnostics.some((d) => d.severity === "error")) continue;
    check(r.plan, new Set([file]));
  }
  return out;
}
