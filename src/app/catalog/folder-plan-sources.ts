import { basename, dirname, relative } from "node:path";
import { findSourceFiles, MAX_SOURCE_BYTES, type ProjectLoad, readRegularFile } from "../../config/index.ts";
import type { Diagnostic } from "../../errors/index.ts";
import type { PlanYamlSources } from "../../model/plan-yaml-sources.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import { maskYamlSources } from "./plan-yaml-sources.ts";
import { maskText } from "./secrets.ts";

/** A problem of a folder plan's files, located by file (relative to its folder), line and column. */
export interface FolderPlanProblem {
  readonly severity: "error" | "warning";
  readonly code: string;
  readonly message: string;
  readonly hint?: string;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly path?: string;
}

/** Where each served text was read from, relative to the plan, task and validation folders. */
export interface FolderPlanFiles {
  readonly plan: string;
  readonly tasks: readonly string[];
  readonly validation: readonly string[];
}

/** A YAML plan of the plan folder as the editor's texts (GET /plan/{planName}/yaml-sources, origin folder). */
export interface FolderPlanSources {
  readonly planName: string;
  readonly sources: PlanYamlSources;
  readonly files: FolderPlanFiles;
  /** `unified` when the plan file holds data sources, connections and steps in one file. */
  readonly planKind: "plan" | "unified";
  readonly problems: readonly FolderPlanProblem[];
}

export interface FolderPlanContext {
  readonly planFolder: string;
  readonly configPath: string | undefined;
}

const readText = async (file: string): Promise<string> =>
  (await readRegularFile(file, MAX_SOURCE_BYTES)).toString("utf8");

/** A file's path for the answer: relative to the folder it was found in, else its name. */
const shown = (file: string, folders: readonly (string | undefined)[]): string => {
  for (const folder of folders) {
    if (folder === undefined) continue;
    const rel = relative(folder, file);
    if (rel !== "" && !rel.startsWith("..")) return rel;
  }
  return basename(file);
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The texts of a folder plan, found the way a run finds them: the plan file, the file of each
 * task the plan names (the loader's task lookup, `load.taskFiles`), the file of each validation it
 * names (`load.validationFiles`), each byte for byte with secrets masked as saved texts are.
 * A task the loader could not read (its file does not parse) is served from the task folder's
 * file that names it at the top (`name: <task>`) so the editor shows what can be read; every
 * problem of these files comes with the loader's code, file and line. Connections
 * (application.conf) are not plan texts and are not served.
 */
export async function folderPlanSources(
  load: ProjectLoad,
  plan: ResolvedPlan,
  ctx: FolderPlanContext,
): Promise<FolderPlanSources> {
  const read = await readFolderPlan(load, plan, ctx);
  return { ...read, sources: maskYamlSources(read.sources) };
}

/**
 * The same texts unmasked, for the server's own use only: a folder plan opened (masked) and
 * saved as a copy keeps the secrets its `***` values stand for. Never answered.
 */
export async function readFolderPlan(
  load: ProjectLoad,
  plan: ResolvedPlan,
  ctx: FolderPlanContext,
): Promise<FolderPlanSources> {
  const planFile = plan.sources[0] ?? "";
  const unified =
    plan.sources.length === 1 && plan.sources[0] !== ctx.configPath && isUnified(load, planFile);
  const taskFolder = load.taskFolder;
  const taskPaths: string[] = [];
  const missing: string[] = [];
  if (!unified) {
    for (const t of plan.plan.tasks) {
      const file = load.taskFiles.get(t.name);
      if (file === undefined) missing.push(t.name);
      else if (!taskPaths.includes(file)) taskPaths.push(file);
    }
  }
  const validationPaths: string[] = [];
  if (!unified)
    for (const v of plan.plan.validations) {
      const file = load.validationFiles.get(v);
      if (file !== undefined && !validationPaths.includes(file)) validationPaths.push(file);
    }

  // Task files that did not load (a syntax error, say) and name a missing task: served as they are.
  if (missing.length > 0) {
    const folder = taskFolder ?? dirname(planFile);
    const candidates = (await findSourceFiles([folder], [])).filter(
      (f) => /\.ya?ml$/i.test(f) && !load.documents.has(f) && f !== planFile,
    );
    for (const file of candidates) {
      const text = await readText(file).catch(() => undefined);
      if (text === undefined) continue;
      const named = missing.some((m) =>
        new RegExp(`^name:\\s*(["']?)${escapeRegExp(m)}\\1\\s*(#.*)?$`, "m").test(text),
      );
      if (!named) continue;
      taskPaths.push(file);
    }
  }

  const texts = {
    plan: await readText(planFile),
    tasks: await Promise.all(taskPaths.map(readText)),
    validation: await Promise.all(validationPaths.map(readText)),
    configuration: "",
  };
  const folders = [ctx.planFolder, taskFolder];
  const files = {
    plan: shown(planFile, [ctx.planFolder]),
    tasks: taskPaths.map((f) => shown(f, folders)),
    validation: validationPaths.map((f) => shown(f, [dirname(f)])),
  };
  const served = new Set([planFile, ...taskPaths, ...validationPaths]);
  // The loader's problems of the files served (a task file that did not load among them).
  const problems = load.diagnostics
    .filter((d) => served.has(d.location?.file ?? ""))
    .map((d) => problemOf(d, (f) => shown(f, folders)));
  return {
    planName: plan.plan.name,
    sources: texts,
    files,
    planKind: unified ? "unified" : "plan",
    problems,
  };
}

function isUnified(load: ProjectLoad, file: string): boolean {
  return load.files.some((f) => f.path === file && f.kind === "unified");
}

function problemOf(d: Diagnostic, fileShown: (f: string) => string): FolderPlanProblem {
  const at = d.location ?? {};
  return {
    severity: d.severity === "error" ? "error" : "warning",
    code: d.code,
    message: maskText(d.message),
    ...(d.hint ? { hint: maskText(d.hint) } : {}),
    ...(at.file ? { file: fileShown(at.file) } : {}),
    ...(at.line !== undefined ? { line: at.line } : {}),
    ...(at.column !== undefined ? { column: at.column } : {}),
    ...(at.path ? { path: at.path } : {}),
  };
}
