import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Diagnostic } from "../../errors/index.ts";
import type { Connection } from "../../model/connection.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import { taskAsPlan } from "../resolve/task-as-plan.ts";
import type { SourceDocument } from "../source/source-document.ts";
import { classifyDocument } from "./classify-document.ts";
import { type LoadOptions, loadProject } from "./load-project.ts";
import { locateConfig } from "./locate-config.ts";
import { readSourceFile } from "./read-source-file.ts";

export interface PlanFileLoad {
  readonly plan: ResolvedPlan | undefined;
  readonly diagnostics: readonly Diagnostic[];
  /** The files parsed, to locate problems found after loading (validations compiled against the plan's fields). */
  readonly documents?: ReadonlyMap<string, SourceDocument>;
  /** The file each task was read from, to locate a step's problems in it. */
  readonly taskFiles?: ReadonlyMap<string, string>;
  /** The configured connections by name: validations read data sources no step writes through them. */
  readonly connections?: ReadonlyMap<string, Connection>;
}

/**
 * Loads one plan to run: a unified file on its own, or a legacy plan with its tasks from the
 * configured task folder (from the working folder, then the configuration's folder), else a
 * `task` (or `tasks`) folder beside or above the plan. Only what the plan enables is checked.
 */
export async function loadPlanFile(file: string, options: LoadOptions): Promise<PlanFileLoad> {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const path = resolve(cwd, file);
  const read = await readSourceFile(path, env, {
    values: options.planValues,
    modules: options.planModules,
  });
  if (!read.document) return { plan: undefined, diagnostics: read.diagnostics };
  const kind = classifyDocument(read.document.value, options.outputKinds, path);
  if (kind === "task") return loadTaskAsPlan(path, options);
  if (kind !== "plan" && kind !== "unified") {
    return {
      plan: undefined,
      diagnostics: [
        {
          severity: "error",
          code: "RF_FILE_KIND_UNKNOWN",
          message: `${file} is ${kind === "unknown" ? "not a plan" : `a ${kind} file, not a plan`}`,
          location: { file: path },
          hint: "run a plan file (name, tasks with dataSourceName) or a unified file (dataSources with connections)",
        },
      ],
    };
  }
  // A configuration beside the plan applies when none is given or found in the working folder.
  const beside = join(dirname(path), "application.conf");
  const configPath = locateConfig(options.configPath, env, cwd) ?? (existsSync(beside) ? beside : undefined);
  if (configPath) options = { ...options, configPath };
  // The plan alone: its task folder is found by the loader (the same lookup `validate` uses),
  // and sibling plans are never read.
  const load = await loadProject([path], options);
  const plan = load.plans.find((p) => p.sources[0] === path);
  return {
    plan,
    diagnostics: load.diagnostics,
    documents: load.documents,
    taskFiles: load.taskFiles,
    connections: load.connections,
  };
}

/** A task file run on its own: a plan of that one task, its steps writing where their options say. */
async function loadTaskAsPlan(path: string, options: LoadOptions): Promise<PlanFileLoad> {
  const load = await loadProject([path], options);
  const task = [...load.tasks.values()][0];
  if (!task) return { plan: undefined, diagnostics: load.diagnostics };
  const r = taskAsPlan({
    task,
    connections: load.connections,
    config: load.config,
    validations: load.validations,
    source: path,
    outputKinds: options.outputKinds,
  });
  return {
    plan: r.plan,
    diagnostics: [...load.diagnostics, ...r.diagnostics],
    documents: load.documents,
    taskFiles: load.taskFiles,
    connections: load.connections,
  };
}
