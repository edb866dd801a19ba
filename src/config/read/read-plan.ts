import type { PathSegment } from "../../errors/index.ts";
import type { Plan, SinkOptions, Task, TaskSummary } from "../../model/index.ts";
import type { Env } from "../env/substitute-env.ts";
import { isObject, type LoadContext, type RawObject } from "./load-context.ts";
import { readForeignKeys } from "./read-foreign-key.ts";
import { readSteps } from "./read-task.ts";

export const PLAN_KEYS = ["name", "description", "tasks", "sinkOptions", "validations", "runId"];
const PLAN_IGNORED_KEYS = ["runInterface", "testType", "testConfig", "flags"];
export const TASK_SUMMARY_KEYS = ["name", "dataSourceName", "enabled", "weight", "stage", "steps"];
export const SINK_KEYS = ["seed", "locale", "foreignKeys"];

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export interface PlanRead {
  readonly plan: Plan;
  /** Tasks whose steps are written inside the plan (`tasks[].steps`), as the UI sends them. */
  readonly inlineTasks: readonly Task[];
}

/** Reads a legacy plan file: name, description, tasks bound to data sources, sinkOptions, validations. */
export function readPlan(
  ctx: LoadContext,
  obj: RawObject,
  path: readonly PathSegment[],
  env: Env,
): PlanRead | undefined {
  ctx.checkKeys(obj, PLAN_KEYS, path, "plan", PLAN_IGNORED_KEYS);
  const name = ctx.requireString(obj, "name", path, "the plan");
  const description =
    obj.description === undefined ? "" : (ctx.string(obj.description, [...path, "description"]) ?? "");
  const tasks: TaskSummary[] = [];
  const inlineTasks: Task[] = [];
  const list = obj.tasks === undefined ? [] : (ctx.list(obj.tasks, [...path, "tasks"], "tasks") ?? []);
  const seen = new Set<string>();
  list.forEach((item, i) => {
    const p = [...path, "tasks", i];
    if (!isObject(item)) {
      ctx.error("RF_STRUCTURE", "a plan task must be a mapping with name and dataSourceName", p);
      return;
    }
    ctx.checkKeys(item, TASK_SUMMARY_KEYS, p, "plan task");
    const taskName = ctx.requireString(item, "name", p, "a plan task");
    const dataSourceName =
      item.dataSourceName === undefined
        ? undefined
        : ctx.string(item.dataSourceName, [...p, "dataSourceName"]);
    if (taskName === undefined) return;
    if (seen.has(taskName)) {
      ctx.error("RF_NAME_DUPLICATE", `task "${taskName}" is listed twice in the plan`, [...p, "name"]);
      return;
    }
    seen.add(taskName);
    if (dataSourceName === undefined || dataSourceName === "") {
      ctx.error(
        "RF_KEY_MISSING",
        `plan task "${taskName}" has no dataSourceName`,
        p,
        "name the connection the task writes to",
      );
    }
    const summary: Mutable<TaskSummary> = {
      name: taskName,
      dataSourceName: dataSourceName ?? "",
      enabled: item.enabled === undefined ? true : (ctx.boolean(item.enabled, [...p, "enabled"]) ?? true),
    };
    if (item.weight !== undefined) {
      const w = ctx.number(item.weight, [...p, "weight"]);
      if (w !== undefined && w < 0)
        ctx.error("RF_WEIGHT_INVALID", `task weight ${w} must be zero or more`, [...p, "weight"]);
      else if (w !== undefined) summary.weight = w;
    }
    if (item.stage !== undefined) {
      const s = ctx.string(item.stage, [...p, "stage"]);
      if (s !== undefined) summary.stage = s;
    }
    tasks.push(summary);
    if (item.steps !== undefined) {
      inlineTasks.push({ name: taskName, steps: readSteps(ctx, item.steps, [...p, "steps"], env) });
    }
  });
  const sinkOptions = readSinkOptions(ctx, obj.sinkOptions, [...path, "sinkOptions"]);
  const validations =
    obj.validations === undefined ? [] : (ctx.stringList(obj.validations, [...path, "validations"]) ?? []);
  if (name === undefined) return undefined;
  const plan: Mutable<Plan> = { name, description, tasks, sinkOptions, validations };
  if (obj.runId !== undefined) {
    const r = ctx.string(obj.runId, [...path, "runId"]);
    if (r !== undefined) plan.runId = r;
  }
  return { plan, inlineTasks };
}

export function readSinkOptions(ctx: LoadContext, raw: unknown, path: readonly PathSegment[]): SinkOptions {
  const obj = ctx.object(raw ?? {}, path, "sinkOptions") ?? {};
  ctx.checkKeys(obj, SINK_KEYS, path, "sinkOptions", ["enableFastGeneration"]);
  const out: Mutable<SinkOptions> = {
    foreignKeys: readForeignKeys(ctx, obj.foreignKeys, [...path, "foreignKeys"]),
  };
  if (obj.seed !== undefined && obj.seed !== null) {
    const s = ctx.string(obj.seed, [...path, "seed"]);
    if (s !== undefined && s.trim() !== "") out.seed = s.trim();
  }
  if (obj.locale !== undefined && obj.locale !== null) {
    const l = ctx.string(obj.locale, [...path, "locale"]);
    if (l !== undefined && l.trim() !== "") out.locale = l.trim();
  }
  return out;
}
