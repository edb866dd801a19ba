import { didYouMean, type PathSegment } from "../../errors/index.ts";
import { impliedDestination } from "../../model/implied-destination.ts";
import type {
  Connection,
  ForeignKey,
  ForeignKeyRelation,
  Plan,
  RunConfiguration,
  Task,
  ValidationConfig,
} from "../../model/index.ts";
import type { OutputKinds } from "../../model/output-kinds.ts";
import type { ResolvedPlan, ResolvedStep, WholeConnection } from "../../model/resolved-plan.ts";
import { findRelationPath, type RelationRole, relationPartPath } from "../read/find-relation-path.ts";
import type { LoadContext } from "../read/load-context.ts";
import { mergeStepOptions, normaliseFormat } from "./merge-step-options.ts";

/** Formats whose steps carry everything they need (a path) without a named connection. */
const SELF_CONTAINED_FORMATS = ["json", "csv", "parquet", "orc", "delta", "iceberg", "text", "xml"];

export interface ResolveInput {
  readonly plan: Plan;
  /** Every task known: task files plus tasks written inside the plan. */
  readonly tasks: ReadonlyMap<string, Task>;
  readonly connections: ReadonlyMap<string, Connection>;
  readonly validations: ReadonlyMap<string, ValidationConfig>;
  readonly config: RunConfiguration;
  readonly sources: readonly string[];
  /** Where task files were looked for, for messages. */
  readonly taskFolder?: string;
  /** Every folder tried for the task folder, for messages when a task is not found. */
  readonly taskFoldersTried?: readonly string[];
  /**
   * The format and connection names (and their aliases) steps' formats are resolved against (the connector
   * registry's, handed in by the app layer: config sits below connectors and formats).
   */
  readonly outputKinds: OutputKinds;
}

/**
 * Binds a plan's tasks to task definitions and connections, merges options, and checks the
 * foreign keys against the steps and fields that exist. Problems go to `ctx`, located in
 * the plan document.
 */
export function resolvePlan(ctx: LoadContext, input: ResolveInput): ResolvedPlan {
  const { plan } = input;
  const steps: ResolvedStep[] = [];
  const tasks: Task[] = [];
  const wholeConnections: WholeConnection[] = [];
  plan.tasks.forEach((summary, i) => {
    const p: PathSegment[] = ["tasks", i];
    const task = input.tasks.get(summary.name);
    if (!task) {
      const near = didYouMean(summary.name, input.tasks.keys());
      const tried =
        input.taskFoldersTried && input.taskFoldersTried.length > 0
          ? ` (folders tried for tasks: ${input.taskFoldersTried.join(", ")})`
          : "";
      const where = input.taskFolder
        ? `the task folder ${input.taskFolder}${tried}`
        : tried
          ? `any task file: no task folder was found${tried}`
          : "the task files loaded";
      // Data Caterer only reads the tasks a plan enables: a disabled one may be missing.
      ctx.report(
        summary.enabled ? "error" : "warning",
        "RF_TASK_NOT_FOUND",
        `task "${summary.name}" is not defined in ${where}${near ? `; ${near}` : ""}${summary.enabled ? "" : " (the task is disabled, so the plan runs without it)"}`,
        [...p, "name"],
        input.tasks.size > 0
          ? `known tasks: ${[...input.tasks.keys()].sort().join(", ")}`
          : "no task files were found",
      );
      return;
    }
    if (!summary.enabled) return;
    tasks.push(task);
    const connection = input.connections.get(summary.dataSourceName);
    if (!connection && summary.dataSourceName !== "") {
      // A json step with no path whose options or fields show Kafka, JMS or HTTP needs one too.
      const needsConnection = task.steps.some(
        (s) =>
          s.enabled &&
          (!SELF_CONTAINED_FORMATS.includes((s.options.format ?? s.type).toLowerCase()) ||
            (!s.options.path?.trim() && impliedDestination(s) !== undefined)),
      );
      const near = didYouMean(summary.dataSourceName, input.connections.keys());
      ctx.report(
        needsConnection ? "error" : "warning",
        "RF_CONNECTION_NOT_FOUND",
        `connection "${summary.dataSourceName}" is not defined${near ? `; ${near}` : ""}${needsConnection ? "" : " (the task's steps give their own format and options)"}`,
        [...p, "dataSourceName"],
        input.connections.size > 0
          ? `known connections: ${[...input.connections.keys()].sort().join(", ")}`
          : undefined,
      );
    }
    if (!task.steps.some((s) => s.enabled)) {
      const whole = wholeConnection(summary.name, summary.dataSourceName, connection, input);
      if (whole && input.config.flags.enableGeneratePlanAndTasks) wholeConnections.push(whole);
      else if (whole)
        ctx.warn(
          "RF_STRUCTURE",
          `task "${summary.name}" has no step: nothing is generated for data source "${summary.dataSourceName}"`,
          [...p, "name"],
          "list its steps, or set flags.enableGeneratePlanAndTasks = true to generate every table of its connection",
        );
    }
    for (const step of task.steps) {
      if (!step.enabled) continue;
      // Steps are known by data source and name (foreign keys, outputs): a second one would be lost.
      const other = steps.find(
        (s) => s.dataSourceName === summary.dataSourceName && s.step.name === step.name,
      );
      if (other) {
        ctx.error(
          "RF_NAME_DUPLICATE",
          `step "${step.name}" of task "${summary.name}" has the same name as a step of task "${other.taskName}" on data source "${summary.dataSourceName}"; only one of them could be generated`,
          [...p, "name"],
          "rename one of the steps, or bind the tasks to different data sources",
        );
        continue;
      }
      steps.push(mergeStepOptions(summary.name, summary.dataSourceName, step, connection, input.outputKinds));
    }
  });
  const fromTables = new Set(
    steps
      // Steps of table formats may take fields from their table (src/app/schemas): a key's fields may come from there.
      .filter((s) => input.outputKinds.tables.includes(s.format))
      .map((s) => `${s.dataSourceName}\u0000${s.step.name}`),
  );
  const checked = checkForeignKeys(ctx, plan, input, fromTables);
  const validations: ValidationConfig[] = [];
  plan.validations.forEach((name, i) => {
    const v = input.validations.get(name);
    if (v) validations.push(v);
    else if (input.config.flags.enableValidation) {
      const near = didYouMean(name, input.validations.keys());
      ctx.warn("RF_TASK_NOT_FOUND", `validation "${name}" is not defined${near ? `; ${near}` : ""}`, [
        "validations",
        i,
      ]);
    }
  });
  return {
    plan: checked,
    steps,
    tasks,
    validations,
    config: input.config,
    sources: input.sources,
    ...(wholeConnections.length > 0 ? { wholeConnections } : {}),
  };
}

/** A task's connection when it is a database whose tables the schema stage can list. */
function wholeConnection(
  taskName: string,
  dataSourceName: string,
  connection: Connection | undefined,
  input: ResolveInput,
): WholeConnection | undefined {
  if (!connection) return undefined;
  const format = normaliseFormat(connection.type, connection.options, input.outputKinds);
  return input.outputKinds.tables.includes(format)
    ? { taskName, dataSourceName, connection, format }
    : undefined;
}

/** A task with a step whose steps come from an OpenAPI document (one per operation). */
const readsOpenApi = (t: Task): boolean =>
  t.steps.some((s) => s.enabled && /^(open_?api|swagger)$/i.test(s.options.metadataSourceType ?? ""));

/**
 * Checks the foreign keys against the plan's tasks, steps and fields. A relation that
 * touches a disabled task, or a step its task no longer has, is skipped with a warning (as
 * Data Caterer skips it); the plan returned no longer has it.
 */
function checkForeignKeys(
  ctx: LoadContext,
  plan: Plan,
  input: ResolveInput,
  /** `dataSource\0step` of steps whose missing fields may be columns of their table: checked at compile. */
  fromTables: ReadonlySet<string>,
): Plan {
  const dataSources = new Set(plan.tasks.map((t) => t.dataSourceName));
  const enabledSources = new Set(plan.tasks.filter((t) => t.enabled).map((t) => t.dataSourceName));
  /** Whether the relation can be kept: errors and warnings are reported here, where it is written. */
  const check = (rel: ForeignKeyRelation, role: RelationRole, written: PathSegment[]): boolean => {
    const at = findRelationPath(ctx.doc.value, rel, role) ?? written;
    const path = (part: Parameters<typeof relationPartPath>[2]) => relationPartPath(ctx.doc.value, at, part);
    if (!dataSources.has(rel.dataSource)) {
      const near = didYouMean(rel.dataSource, dataSources);
      ctx.error(
        "RF_FOREIGN_KEY_INVALID",
        `data source "${rel.dataSource}" is not used by any task of the plan${near ? `; ${near}` : ""}`,
        path("dataSource"),
        `data sources of the plan: ${[...dataSources].join(", ")}`,
      );
      return false;
    }
    if (!enabledSources.has(rel.dataSource)) {
      ctx.warn(
        "RF_FOREIGN_KEY_INVALID",
        `data source "${rel.dataSource}" belongs only to disabled tasks; this foreign-key relation is skipped`,
        path("dataSource"),
      );
      return false;
    }
    const candidates = [...input.tasks.values()].filter((t) =>
      plan.tasks.some((s) => s.enabled && s.name === t.name && s.dataSourceName === rel.dataSource),
    );
    const step = candidates.flatMap((t) => t.steps).find((s) => s.name === rel.step);
    // `POST/pets` is an operation of an OpenAPI document a step names: checked once it is read.
    if (!step && /^[A-Za-z]+\//.test(rel.step) && candidates.some(readsOpenApi)) return true;
    if (!step) {
      const names = candidates.flatMap((t) => t.steps.map((s) => s.name));
      if (candidates.length === 0) return false; // the task itself is missing: already reported
      // A typo here would silently drop the relation (unrelated keys, wrong data): an error.
      const near = didYouMean(rel.step, names);
      ctx.error(
        "RF_FOREIGN_KEY_INVALID",
        `step "${rel.step}" does not exist in data source "${rel.dataSource}"${near ? `; ${near}` : ""}`,
        path("step"),
        `steps of data source "${rel.dataSource}": ${names.join(", ")}`,
      );
      return false;
    }
    if (!step.enabled) {
      ctx.warn(
        "RF_FOREIGN_KEY_INVALID",
        `step "${rel.step}" of data source "${rel.dataSource}" is disabled; this foreign-key relation is skipped`,
        path("step"),
      );
      return false;
    }
    if (step.fields.length === 0) return true; // fields come from elsewhere (metadata, reference mode)
    if (fromTables.has(`${rel.dataSource}\u0000${rel.step}`)) return true; // checked once the table is read
    let ok = true;
    rel.fields.forEach((f, i) => {
      const top = f.split(".")[0]!;
      if (!step.fields.some((x) => x.name === top) && !/^(pathParam|queryParam|header)/.test(f)) {
        const near = didYouMean(
          top,
          step.fields.map((x) => x.name),
        );
        ctx.error(
          "RF_FOREIGN_KEY_INVALID",
          `field "${f}" does not exist in step "${rel.step}"${near ? `; ${near}` : ""}`,
          path({ field: i }),
        );
        ok = false;
      }
    });
    return ok;
  };
  const kept: ForeignKey[] = [];
  plan.sinkOptions.foreignKeys.forEach((fk, i) => {
    const base: PathSegment[] = ["sinkOptions", "foreignKeys", i];
    const source = check(fk.source, "source", [...base, "source"]);
    const generate = fk.generate.filter((g, j) => check(g, "generate", [...base, "generate", j]));
    const del = fk.delete.filter((d, j) => check(d, "delete", [...base, "delete", j]));
    const whole = generate.length === fk.generate.length && del.length === fk.delete.length;
    if (source && generate.length + del.length > 0) kept.push(whole ? fk : { ...fk, generate, delete: del });
  });
  if (
    kept.length === plan.sinkOptions.foreignKeys.length &&
    kept.every((k, i) => k === plan.sinkOptions.foreignKeys[i])
  )
    return plan;
  return { ...plan, sinkOptions: { ...plan.sinkOptions, foreignKeys: kept } };
}
