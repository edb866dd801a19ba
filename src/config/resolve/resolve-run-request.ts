import { type Diagnostic, didYouMean } from "../../errors/index.ts";
import {
  type Connection,
  deepFreeze,
  type RunConfiguration,
  type RunConfigurationData,
  type Task,
  type TaskSummary,
  type ValidationConfig,
} from "../../model/index.ts";
import type { OutputKinds } from "../../model/output-kinds.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { Env } from "../env/substitute-env.ts";
import { isObject, LoadContext, type RawObject } from "../read/load-context.ts";
import { readSections } from "../read/read-app-config.ts";
import { readPlan } from "../read/read-plan.ts";
import { readStep } from "../read/read-step.ts";
import { readTask } from "../read/read-task.ts";
import { readValidationConfig } from "../read/read-validation.ts";
import { plainDocument } from "../source/source-document.ts";
import { resolvePlan } from "./resolve-plan.ts";

export interface RunRequestContext {
  /** Tasks of the configured task folder, matched by name. */
  readonly tasks: ReadonlyMap<string, Task>;
  readonly connections: ReadonlyMap<string, Connection>;
  readonly validations: ReadonlyMap<string, ValidationConfig>;
  readonly config: RunConfiguration;
  readonly env: Env;
  /** Where `tasks` came from, for messages. */
  readonly taskFolder?: string;
  /**
   * The format and connection names (and their aliases) steps' formats are resolved against (the connector
   * registry's, handed in by the app layer: config sits below connectors and formats).
   */
  readonly outputKinds: OutputKinds;
}

/** Keys of a plan's task summary: an item with only these names a task file, it does not define one. */
const TASK_REFERENCE_KEYS = ["name", "dataSourceName", "enabled", "weight", "stage"];
const isTaskReference = (item: RawObject): boolean =>
  Object.keys(item).every((k) => TASK_REFERENCE_KEYS.includes(k));

/** The request's `configuration` (flag, folder, metadata, ...) over the server's configuration. */
function requestConfig(ctx: LoadContext, raw: unknown, base: RunConfiguration): RunConfiguration {
  if (!isObject(raw)) return base;
  const config = structuredClone(base) as RunConfigurationData;
  const renamed: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw))
    renamed[k === "flag" ? "flags" : k === "folder" ? "folders" : k] = v;
  readSections(ctx, renamed, config, ["configuration"]);
  // The generation budget protects the server: a request cannot raise it, only the server's configuration can.
  config.budget = structuredClone(base.budget) as RunConfigurationData["budget"];
  return deepFreeze(config);
}

/**
 * Turns a PlanRunRequest (POST /run, /plan) into a resolved plan. `tasks` may hold steps
 * whose name is a plan task's name (what Data Caterer's UI sends) or whole tasks with
 * `steps`; plan tasks not given inline come from the task folder.
 */
export function resolveRunRequest(
  request: unknown,
  rc: RunRequestContext,
): { plan: ResolvedPlan | undefined; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const ctx = new LoadContext(plainDocument(request, "request"), diagnostics);
  const obj = ctx.object(request, [], "the request");
  const planRaw = obj ? ctx.object(obj.plan, ["plan"], "plan") : undefined;
  if (!obj || !planRaw) {
    if (obj)
      ctx.error(
        "RF_KEY_MISSING",
        "the request has no plan",
        ["plan"],
        "send {plan: {name, tasks: [...]}, tasks: [...]}",
      );
    return { plan: undefined, diagnostics };
  }
  const read = readPlan(ctx, planRaw, ["plan"], rc.env);
  if (!read) return { plan: undefined, diagnostics };
  const tasks = new Map(rc.tasks);
  for (const t of read.inlineTasks) tasks.set(t.name, t);
  const list = obj.tasks === undefined ? [] : (ctx.list(obj.tasks, ["tasks"], "tasks") ?? []);
  const extraSummaries: TaskSummary[] = [];
  list.forEach((item, i) => {
    if (!isObject(item)) {
      ctx.error("RF_STRUCTURE", "a task must be a mapping", ["tasks", i]);
      return;
    }
    if (Array.isArray((item as RawObject).steps)) {
      const t = readTask(ctx, item, ["tasks", i], rc.env);
      if (t) tasks.set(t.name, t);
      return;
    }
    if (isTaskReference(item)) {
      // {name, dataSourceName, enabled}: a task file of the task folder, as the by-name runs use.
      const name = ctx.requireString(item, "name", ["tasks", i], "a task");
      if (name === undefined) return;
      if (!rc.tasks.has(name)) {
        const near = didYouMean(name, rc.tasks.keys());
        const known = [...rc.tasks.keys()].sort().join(", ");
        ctx.error(
          "RF_TASK_NOT_FOUND",
          `task "${name}" is not in the task folder${rc.taskFolder ? ` ${rc.taskFolder}` : ""}${near ? `; ${near}` : ""}; available tasks: ${known || "none"}`,
          ["tasks", i, "name"],
          rc.tasks.size > 0
            ? "name a task file's task, or give the task inline with its steps"
            : "the server has no task folder (folders.taskFolderPath) or it holds no tasks",
        );
        return;
      }
      if (!read.plan.tasks.some((t) => t.name === name)) {
        const ds =
          item.dataSourceName === undefined
            ? undefined
            : ctx.string(item.dataSourceName, ["tasks", i, "dataSourceName"]);
        const enabled =
          item.enabled === undefined ? true : (ctx.boolean(item.enabled, ["tasks", i, "enabled"]) ?? true);
        extraSummaries.push({ name, dataSourceName: ds ?? "", enabled });
      }
      return;
    }
    const step = readStep(ctx, item, ["tasks", i], rc.env);
    if (!step) return;
    const existing = tasks.get(step.name);
    const inline = existing && read.inlineTasks.includes(existing) ? existing : undefined;
    tasks.set(step.name, { name: step.name, steps: [...(inline?.steps ?? []), step] });
  });
  const config = requestConfig(ctx, obj.configuration, rc.config);
  // `validation`: validation configurations sent with the request; they run whether or not the plan names them.
  const validations = new Map(rc.validations);
  const sent: string[] = [];
  const rawValidations =
    obj.validation === undefined ? [] : (ctx.list(obj.validation, ["validation"], "validation") ?? []);
  rawValidations.forEach((item, i) => {
    const o = ctx.object(item, ["validation", i], "a validation configuration");
    const v = o ? readValidationConfig(ctx, o, ["validation", i]) : undefined;
    if (!v) return;
    validations.set(v.name, v);
    sent.push(v.name);
  });
  const named = sent.filter((n) => !read.plan.validations.includes(n));
  const withTasks =
    extraSummaries.length > 0 ? { ...read.plan, tasks: [...read.plan.tasks, ...extraSummaries] } : read.plan;
  const plan = resolvePlan(ctx, {
    plan: named.length > 0 ? { ...withTasks, validations: [...withTasks.validations, ...named] } : withTasks,
    tasks,
    connections: rc.connections,
    validations,
    config,
    sources: [],
    outputKinds: rc.outputKinds,
  });
  return { plan: deepFreeze(plan), diagnostics };
}
