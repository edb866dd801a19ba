import { parseDocument } from "yaml";
import type { InlineConnection } from "./imported-connections.ts";
import { type PlanWorkspace, toYaml } from "./plan-workspace.ts";
import { setIn } from "./yaml-edit.ts";

/** What a YAML document is, the way Data Caterer's users lay their files out. */
export type ImportKind = "plan" | "task" | "unified" | "validation" | "configuration";

const CONFIG_SECTIONS = [
  "flag",
  "folder",
  "metadata",
  "generation",
  "validation",
  "alert",
  "flags",
  "folders",
];

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** The kind of a parsed document, or undefined when it is none of them (the rules of `rowforge validate`). */
export function classifyYaml(value: unknown): ImportKind | undefined {
  if (!isObject(value)) return undefined;
  const ds = value.dataSources;
  if (
    Array.isArray(ds) &&
    ((isObject(ds[0]) && ds[0].connection !== undefined) || value.version !== undefined)
  )
    return "unified";
  if (Array.isArray(value.steps)) return "task";
  if (isObject(ds)) return "validation";
  if (Array.isArray(value.tasks) || value.sinkOptions !== undefined) return "plan";
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((k) => CONFIG_SECTIONS.includes(k))) return "configuration";
  if (typeof value.name === "string" && keys.includes("tasks")) return "plan";
  return undefined;
}

/** The documents of a text, each as its own text (split at `---` lines), empty ones left out. */
export function splitDocuments(text: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  for (const line of text.split(/(?<=\n)/)) {
    if (/^---(\s.*)?$/.test(line.trimEnd()) && line.startsWith("---")) {
      out.push(current.join(""));
      current = [];
    } else current.push(line);
  }
  out.push(current.join(""));
  const docs = out.filter((d) => d.split("\n").some((l) => l.trim() !== "" && !l.trim().startsWith("#")));
  // One document (a file that opens with `---`, say) is imported exactly as written.
  return docs.length === 1 ? [text] : docs;
}

export interface ImportResult {
  readonly workspace: PlanWorkspace;
  /** One line per document: what it was and where it went. */
  readonly notes: readonly string[];
  /** The connections unified files wrote inline (none when they were written into the steps). */
  readonly connections: readonly InlineConnection[];
}

export interface ImportOptions {
  /**
   * Write a unified file's connections into its steps' options (the plan folder's files, opened
   * read-only) instead of answering them as connections to save (an import).
   */
  readonly connectionsInSteps?: boolean;
}

/** Thrown for text that cannot be imported: which document, and why. */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportError";
  }
}

/**
 * Adds pasted or uploaded YAML to the workspace: a plan file replaces the plan (its tasks
 * stay), a task file is added (or replaces the task of its name) and named in the plan when
 * the plan does not list it yet, a validation file likewise, a configuration replaces the
 * configuration, and a unified file is split into a plan and its tasks. Several documents
 * separated by `---` (what "export all" writes) are imported in order. Texts are kept as they
 * are, comments and unknown keys included. A unified file's inline connections are answered
 * as connections, its tasks bound to them by name (or written into the steps, see ImportOptions).
 */
export function importYaml(ws: PlanWorkspace, text: string, o: ImportOptions = {}): ImportResult {
  const docs = splitDocuments(text);
  if (docs.length === 0) throw new ImportError("there is no YAML document to import");
  let workspace = ws;
  const notes: string[] = [];
  const connections: InlineConnection[] = [];
  docs.forEach((doc, i) => {
    const where = docs.length > 1 ? `document ${i + 1}: ` : "";
    const parsed = parseDocument(doc);
    if (parsed.errors.length > 0) {
      const e = parsed.errors[0]!;
      throw new ImportError(`${where}${e.message.split("\n")[0]}`);
    }
    const value: unknown = parsed.toJS();
    const kind = classifyYaml(value);
    if (!kind || !isObject(value))
      throw new ImportError(
        `${where}not a plan, task, unified plan, validation or configuration file (a task has name and steps, a plan name and tasks)`,
      );
    const step = IMPORTERS[kind](workspace, doc, value, o);
    workspace = step.workspace;
    connections.push(...(step.connections ?? []));
    notes.push(`${where}${step.note}`);
  });
  return { workspace, notes, connections };
}

type Importer = (
  ws: PlanWorkspace,
  text: string,
  value: Record<string, unknown>,
  o: ImportOptions,
) => { workspace: PlanWorkspace; note: string; connections?: readonly InlineConnection[] };

const nameOf = (text: string): unknown => {
  const v: unknown = parseDocument(text).toJS();
  return isObject(v) ? v.name : undefined;
};

const IMPORTERS: Readonly<Record<ImportKind, Importer>> = {
  plan: (ws, text, value) => ({
    workspace: { ...ws, plan: text },
    note: `plan "${String(value.name)}" with ${Array.isArray(value.tasks) ? value.tasks.length : 0} task(s)`,
  }),
  task: (ws, text, value) => {
    const name = String(value.name ?? "");
    const at = ws.tasks.findIndex((t) => nameOf(t) === name);
    const tasks = at >= 0 ? ws.tasks.map((t, i) => (i === at ? text : t)) : [...ws.tasks, text];
    const first = Array.isArray(value.steps) && isObject(value.steps[0]) ? value.steps[0] : {};
    const plan = withPlanTask(ws.plan, name, typeof first.type === "string" ? first.type : "");
    return {
      workspace: { ...ws, tasks, plan },
      note: `task "${name}" (${(value.steps as unknown[]).length} step(s))${at >= 0 ? ", replacing the task of that name" : ""}`,
    };
  },
  validation: (ws, text, value) => {
    const name = value.name;
    const at = ws.validations.findIndex((t) => nameOf(t) === name);
    const validations =
      at >= 0 ? ws.validations.map((t, i) => (i === at ? text : t)) : [...ws.validations, text];
    return { workspace: { ...ws, validations }, note: `validation "${String(name)}"` };
  },
  configuration: (ws, text) => ({ workspace: { ...ws, configuration: text }, note: "configuration" }),
  unified: (ws, _text, value, o) => {
    const { connections, ...converted } = fromUnified(value, o.connectionsInSteps === true);
    return {
      workspace: { ...ws, ...converted },
      connections,
      note: `unified plan "${String(value.name)}": ${converted.tasks.length} task(s), one per data source, ${o.connectionsInSteps ? "connections written into the steps" : `${connections.length} connection(s)`}`,
    };
  },
};

/** The plan text with a `tasks` entry for `task` when it has none (dataSourceName still to pick). */
function withPlanTask(planText: string, task: string, dataSourceName: string): string {
  const plan: unknown = parseDocument(planText).toJS();
  const list = isObject(plan) && Array.isArray(plan.tasks) ? plan.tasks : [];
  if (list.some((t) => isObject(t) && t.name === task)) return planText;
  return setIn(planText, ["tasks", list.length], { name: task, dataSourceName, enabled: true });
}

/** An option value as connections keep it: text (numbers and flags written as YAML reads them). */
const optionText = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));

/**
 * A unified file as a plan and tasks, one task per data source bound to the data source's name,
 * and its inline connections (or each connection written into its steps' options).
 */
function fromUnified(
  value: Record<string, unknown>,
  connectionsInSteps: boolean,
): Pick<PlanWorkspace, "plan" | "tasks" | "configuration"> & { connections: InlineConnection[] } {
  const sources = (value.dataSources as unknown[]).filter(isObject);
  const connections: InlineConnection[] = [];
  const tasks = sources.map((ds) => {
    const conn = isObject(ds.connection) ? ds.connection : {};
    const connOptions = isObject(conn.options) ? conn.options : {};
    if (!connectionsInSteps && typeof conn.type === "string")
      connections.push({
        name: String(ds.name),
        type: conn.type,
        options: Object.fromEntries(Object.entries(connOptions).map(([k, v]) => [k, optionText(v)])),
      });
    const steps = (Array.isArray(ds.steps) ? ds.steps : []).filter(isObject).map((s) => {
      const own = isObject(s.options) ? s.options : undefined;
      const options = connectionsInSteps ? { ...connOptions, ...own } : own;
      return {
        ...s,
        ...(s.type === undefined && typeof conn.type === "string" ? { type: conn.type } : {}),
        ...(options ? { options } : {}),
      };
    });
    return { name: `${String(ds.name)}_task`, steps };
  });
  const sink = isObject(value.sinkOptions) ? value.sinkOptions : {};
  const foreignKeys = [
    ...(Array.isArray(sink.foreignKeys) ? sink.foreignKeys : []),
    ...(Array.isArray(value.foreignKeys) ? value.foreignKeys : []),
  ];
  const plan = {
    name: value.name,
    ...(value.description !== undefined ? { description: value.description } : {}),
    tasks: sources.map((ds) => ({
      name: `${String(ds.name)}_task`,
      dataSourceName: ds.name,
      enabled: ds.enabled ?? true,
    })),
    sinkOptions: { ...sink, foreignKeys },
  };
  const config = isObject(value.config) ? value.config : undefined;
  const renamed = config
    ? Object.fromEntries(
        Object.entries(config).map(([k, v]) => [k === "flags" ? "flag" : k === "folders" ? "folder" : k, v]),
      )
    : undefined;
  return {
    plan: toYaml(plan),
    tasks: tasks.map(toYaml),
    configuration: renamed ? toYaml(renamed) : "",
    connections,
  };
}
