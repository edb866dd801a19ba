import type { PathSegment } from "../../errors/index.ts";
import {
  type Connection,
  defaultRunConfiguration,
  type Plan,
  type RunConfigurationData,
  type Task,
  type TaskSummary,
  type ValidationConfig,
} from "../../model/index.ts";
import { connectionGroupOf, type OutputKinds } from "../../model/output-kinds.ts";
import type { Env } from "../env/substitute-env.ts";
import { normaliseFormat } from "../resolve/merge-step-options.ts";
import { isObject, type LoadContext, type RawObject } from "./load-context.ts";
import { flattenOptions, readSections } from "./read-app-config.ts";
import { readForeignKeys } from "./read-foreign-key.ts";
import { readSinkOptions } from "./read-plan.ts";
import { readSteps } from "./read-task.ts";
import { readValidations } from "./read-validation.ts";
import { substituteOptions } from "./substitute-options.ts";

export const UNIFIED_KEYS = [
  "version",
  "name",
  "description",
  "config",
  "dataSources",
  "foreignKeys",
  "sinkOptions",
];
export const DATA_SOURCE_KEYS = ["name", "connection", "steps", "enabled"];

export interface UnifiedRead {
  readonly plan: Plan;
  readonly tasks: readonly Task[];
  readonly connections: readonly Connection[];
  readonly validations: readonly ValidationConfig[];
  /** The file's `config`, or undefined when it has none (then the application configuration applies). */
  readonly config: RunConfigurationData | undefined;
}

/** Detects the unified single-file format: `dataSources` whose first entry has a `connection`, or with `version`. */
export function isUnifiedShape(obj: RawObject): boolean {
  const ds = obj.dataSources;
  return (
    Array.isArray(ds) && ((isObject(ds[0]) && ds[0].connection !== undefined) || obj.version !== undefined)
  );
}

/** Reads a unified file into a plan with one task per data source (`<name>_task`) and inline connections. */
export function readUnified(
  ctx: LoadContext,
  obj: RawObject,
  env: Env,
  kinds: OutputKinds,
): UnifiedRead | undefined {
  // Data Caterer's migration guide writes `configuration:`; its model reads `config:`.
  ctx.checkKeys(obj, UNIFIED_KEYS, [], "unified plan", [], { configuration: "config" });
  const name = ctx.requireString(obj, "name", [], "the plan");
  const description =
    obj.description === undefined ? "" : (ctx.string(obj.description, ["description"]) ?? "");
  let config: RunConfigurationData | undefined;
  if (obj.config !== undefined) {
    const c = ctx.object(obj.config, ["config"], "config");
    if (c) {
      config = defaultRunConfiguration();
      ctx.checkKeys(
        c,
        ["flags", "folders", "metadata", "generation", "validation", "alert", "runtime"],
        ["config"],
        "config section",
      );
      readSections(ctx, c, config, ["config"]);
    }
  }
  const tasks: Task[] = [];
  const summaries: TaskSummary[] = [];
  const connections: Connection[] = [];
  const dsByName: Record<string, ValidationConfig["dataSources"][string][number][]> = {};
  const list = ctx.list(obj.dataSources, ["dataSources"], "dataSources") ?? [];
  list.forEach((raw, i) => {
    const p: PathSegment[] = ["dataSources", i];
    if (!isObject(raw)) {
      ctx.error("RF_STRUCTURE", "a data source must be a mapping with name, connection and steps", p);
      return;
    }
    ctx.checkKeys(raw, DATA_SOURCE_KEYS, p, "data source");
    const dsName = ctx.requireString(raw, "name", p, "a data source");
    const conn = ctx.object(raw.connection, [...p, "connection"], "connection");
    if (!conn)
      ctx.error(
        "RF_KEY_MISSING",
        `data source "${dsName ?? i}" has no connection`,
        p,
        "add connection: {type, options}",
      );
    const type = conn ? ctx.requireString(conn, "type", [...p, "connection"], "a connection") : undefined;
    if (conn) ctx.checkKeys(conn, ["type", "options"], [...p, "connection"], "connection");
    const options =
      conn?.options === undefined
        ? {}
        : substituteOptions(
            ctx,
            flattenOptions(
              ctx.object(conn.options, [...p, "connection", "options"], "connection options") ?? {},
            ),
            [...p, "connection", "options"],
            env,
          );
    if (dsName === undefined) return;
    if (type !== undefined)
      connections.push({
        name: dsName,
        type,
        groupType: connectionGroupOf(kinds, type),
        options,
        source: "plan",
      });
    // A database's data source may leave its steps out: with enableGeneratePlanAndTasks they
    // are every table of the connection (resolve-plan.ts says so when the flag is off).
    const steps =
      raw.steps === undefined && type !== undefined && holdsTables(type, options, kinds)
        ? []
        : readSteps(ctx, raw.steps, [...p, "steps"], env, type);
    const taskName = `${dsName}_task`;
    tasks.push({ name: taskName, steps });
    summaries.push({
      name: taskName,
      dataSourceName: dsName,
      enabled: raw.enabled === undefined ? true : (ctx.boolean(raw.enabled, [...p, "enabled"]) ?? true),
    });
    const rawSteps = Array.isArray(raw.steps) ? raw.steps : [];
    rawSteps.forEach((s, j) => {
      if (!isObject(s) || s.validations === undefined) return;
      const validations = readValidations(ctx, s.validations, [...p, "steps", j, "validations"]);
      const stepOptions = steps.find((st) => st.name === s.name)?.options ?? {};
      const entries = dsByName[dsName] ?? [];
      entries.push({ options: { ...options, ...stepOptions }, validations });
      dsByName[dsName] = entries;
    });
  });
  const sinkOptions = readSinkOptions(ctx, obj.sinkOptions, ["sinkOptions"]);
  const foreignKeys = [...sinkOptions.foreignKeys, ...readForeignKeys(ctx, obj.foreignKeys, ["foreignKeys"])];
  if (name === undefined) return undefined;
  const validations: ValidationConfig[] =
    Object.keys(dsByName).length > 0
      ? [{ name: "unified_validations", description: "", dataSources: dsByName }]
      : [];
  const plan: Plan = {
    name,
    description,
    tasks: summaries,
    sinkOptions: { ...sinkOptions, foreignKeys },
    validations: validations.map((v) => v.name),
  };
  return { plan, tasks, connections, validations, config };
}

/** Whether a connection's tables can stand for a data source's steps: a table kind, or a `jdbc` one whatever its url names. */
const holdsTables = (type: string, options: Readonly<Record<string, string>>, kinds: OutputKinds): boolean =>
  kinds.tables.includes(normaliseFormat(type, options, kinds)) || type.trim().toLowerCase() === "jdbc";
