import { parseDocument, stringify } from "yaml";
import type { PlanYamlSources } from "../../../api/contract.ts";

/**
 * The plan being edited, as the YAML texts Data Caterer users keep: a plan file (name,
 * description, tasks bound to connections, sinkOptions with seed and foreign keys), one task
 * file per task (name, steps), validation files, and the run configuration (flag, folder,
 * generation, ... as POST /plan takes it). The texts are the source of truth: the form reads
 * them and edits them through yaml-edit.ts, the YAML view shows them, import adds to them and
 * export writes them out, so nothing the form does not know about is lost.
 */
export interface PlanWorkspace {
  /** The saved plan's id, once it has one (POST /plan answers it). */
  readonly id?: string;
  readonly plan: string;
  readonly tasks: readonly string[];
  readonly validations: readonly string[];
  readonly configuration: string;
}

/** One of the workspace's texts. */
export type WorkspaceFile =
  | { readonly kind: "plan" }
  | { readonly kind: "task"; readonly index: number }
  | { readonly kind: "validation"; readonly index: number }
  | { readonly kind: "configuration" };

const YAML_OUT = { lineWidth: 0, flowCollectionPadding: false } as const;

export const toYaml = (value: unknown): string => stringify(value, YAML_OUT);

export function emptyWorkspace(name: string): PlanWorkspace {
  return {
    plan: `name: ${name}\ndescription: ""\ntasks: []\nsinkOptions:\n  foreignKeys: []\n`,
    tasks: [],
    validations: [],
    configuration: "",
  };
}

export function fileText(ws: PlanWorkspace, file: WorkspaceFile): string {
  switch (file.kind) {
    case "plan":
      return ws.plan;
    case "task":
      return ws.tasks[file.index] ?? "";
    case "validation":
      return ws.validations[file.index] ?? "";
    case "configuration":
      return ws.configuration;
  }
}

export function withFileText(ws: PlanWorkspace, file: WorkspaceFile, text: string): PlanWorkspace {
  switch (file.kind) {
    case "plan":
      return { ...ws, plan: text };
    case "task":
      return { ...ws, tasks: ws.tasks.map((t, i) => (i === file.index ? text : t)) };
    case "validation":
      return { ...ws, validations: ws.validations.map((t, i) => (i === file.index ? text : t)) };
    case "configuration":
      return { ...ws, configuration: text };
  }
}

/** Parsed texts by text: a render reads every file several times, an edit changes one. */
const parsedTexts = new Map<string, unknown>();
const PARSED_KEPT = 64;

/** The file's data, or undefined while its text does not parse (the same object for the same text: do not mutate it). */
export function fileData(text: string): unknown {
  if (parsedTexts.has(text)) return parsedTexts.get(text);
  const doc = parseDocument(text);
  const data = doc.errors.length > 0 ? undefined : doc.toJS();
  if (parsedTexts.size >= PARSED_KEPT) parsedTexts.delete(parsedTexts.keys().next().value!);
  parsedTexts.set(text, data);
  return data;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * A saved plan (GET /plan/{name}) as a workspace. `tasks` may hold whole tasks (name, steps)
 * or single steps named after a plan task (what Data Caterer's UI sends): steps are grouped
 * into the task of their name.
 */
export function workspaceFromRequest(request: unknown): PlanWorkspace {
  const req = isObject(request) ? request : {};
  const plan = isObject(req.plan) ? req.plan : { name: "plan" };
  const tasks: Record<string, unknown>[] = [];
  for (const item of Array.isArray(req.tasks) ? req.tasks : []) {
    if (!isObject(item)) continue;
    if (Array.isArray(item.steps)) {
      tasks.push(item);
      continue;
    }
    const name = String(item.name ?? "task");
    const owner = tasks.find((t) => t.name === name);
    if (owner) (owner.steps as unknown[]).push(item);
    else tasks.push({ name, steps: [item] });
  }
  const config = isObject(req.configuration) ? req.configuration : undefined;
  return {
    ...(typeof req.id === "string" && req.id !== "" ? { id: req.id } : {}),
    plan: toYaml(plan),
    tasks: tasks.map(toYaml),
    validations: (Array.isArray(req.validation) ? req.validation : []).map(toYaml),
    configuration: config && Object.keys(config).length > 0 ? toYaml(config) : "",
  };
}

/** Where a workspace text does not parse: which file, and the first error. */
export class WorkspaceSyntaxError extends Error {
  readonly file: WorkspaceFile;
  constructor(file: WorkspaceFile, message: string) {
    super(message);
    this.name = "WorkspaceSyntaxError";
    this.file = file;
  }
}

function dataOf(text: string, file: WorkspaceFile): unknown {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new WorkspaceSyntaxError(file, doc.errors[0]!.message.split("\n")[0]!);
  return doc.toJS();
}

/** The body of POST /plan (and POST /run): the plan, whole tasks, validations, configuration. */
export function workspaceToRequest(ws: PlanWorkspace): Record<string, unknown> {
  const config =
    ws.configuration.trim() === "" ? undefined : dataOf(ws.configuration, { kind: "configuration" });
  return {
    ...(ws.id ? { id: ws.id } : {}),
    plan: dataOf(ws.plan, { kind: "plan" }) ?? {},
    tasks: ws.tasks.map((t, index) => dataOf(t, { kind: "task", index }) ?? {}),
    validation: ws.validations.map((t, index) => dataOf(t, { kind: "validation", index }) ?? {}),
    ...(isObject(config) ? { configuration: config } : {}),
  };
}

/** A file's key among the workspace's texts (`plan`, `task:2`, ...). */
export const fileKey = (file: WorkspaceFile): string =>
  file.kind === "task" || file.kind === "validation" ? `${file.kind}:${file.index}` : file.kind;

/** The workspace's texts as POST /plan keeps them with the plan (rowforge's `yamlSources`). */
export type WorkspaceSources = PlanYamlSources;

export const workspaceSources = (ws: PlanWorkspace): WorkspaceSources => ({
  plan: ws.plan,
  tasks: ws.tasks,
  validation: ws.validations,
  configuration: ws.configuration,
});

/** A saved plan's texts as it was last saved here (GET /plan/{name}/yaml-sources), with the plan's id. */
export function workspaceFromSources(sources: WorkspaceSources, id: string | undefined): PlanWorkspace {
  return {
    ...(id ? { id } : {}),
    plan: sources.plan,
    tasks: [...sources.tasks],
    validations: [...sources.validation],
    configuration: sources.configuration,
  };
}

/** The plan's name as its text says it (for titles and file names). */
export function planName(ws: PlanWorkspace): string {
  const data = fileData(ws.plan);
  return isObject(data) && typeof data.name === "string" ? data.name : "";
}

/** A workspace's task name at `index` (empty when the text does not say one). */
export function taskName(ws: PlanWorkspace, index: number): string {
  const data = fileData(ws.tasks[index] ?? "");
  return isObject(data) && typeof data.name === "string" ? data.name : "";
}
