import { didYouMean, type PathSegment } from "../../errors/index.ts";
import type { Connection, Plan, RunConfiguration, Task, ValidationConfig } from "../../model/index.ts";
import type { LoadContext } from "../read/load-context.ts";
import { mergeStepOptions } from "./merge-step-options.ts";
import type { ResolvedPlan, ResolvedStep } from "./resolved-plan.ts";

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
  plan.tasks.forEach((summary, i) => {
    const p: PathSegment[] = ["tasks", i];
    const task = input.tasks.get(summary.name);
    if (!task) {
      const near = didYouMean(summary.name, input.tasks.keys());
      ctx.error(
        "RF_TASK_NOT_FOUND",
        `task "${summary.name}" is not defined in ${input.taskFolder ? `the task folder ${input.taskFolder}` : "the task files loaded"}${near ? `; ${near}` : ""}`,
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
      const needsConnection = task.steps.some(
        (s) => s.enabled && !SELF_CONTAINED_FORMATS.includes((s.options.format ?? s.type).toLowerCase()),
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
    for (const step of task.steps) {
      if (step.enabled) steps.push(mergeStepOptions(summary.name, summary.dataSourceName, step, connection));
    }
  });
  checkForeignKeys(ctx, plan, input);
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
  return { plan, steps, tasks, validations, config: input.config, sources: input.sources };
}

function checkForeignKeys(ctx: LoadContext, plan: Plan, input: ResolveInput): void {
  const dataSources = new Set(plan.tasks.map((t) => t.dataSourceName));
  const check = (
    rel: { dataSource: string; step: string; fields: readonly string[] },
    path: PathSegment[],
  ) => {
    if (!dataSources.has(rel.dataSource)) {
      const near = didYouMean(rel.dataSource, dataSources);
      ctx.error(
        "RF_FOREIGN_KEY_INVALID",
        `data source "${rel.dataSource}" is not used by any task of the plan${near ? `; ${near}` : ""}`,
        [...path, "dataSource"],
        `data sources of the plan: ${[...dataSources].join(", ")}`,
      );
      return;
    }
    const candidates = [...input.tasks.values()].filter((t) =>
      plan.tasks.some((s) => s.name === t.name && s.dataSourceName === rel.dataSource),
    );
    const step = candidates.flatMap((t) => t.steps).find((s) => s.name === rel.step);
    if (!step) {
      const names = candidates.flatMap((t) => t.steps.map((s) => s.name));
      if (candidates.length === 0) return; // the task itself is missing: already reported
      const near = didYouMean(rel.step, names);
      ctx.error(
        "RF_FOREIGN_KEY_INVALID",
        `step "${rel.step}" does not exist in data source "${rel.dataSource}"${near ? `; ${near}` : ""}`,
        [...path, "step"],
        `steps: ${names.join(", ")}`,
      );
      return;
    }
    if (step.fields.length === 0) return; // fields come from elsewhere (metadata, reference mode)
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
          [...path, "fields", i],
        );
      }
    });
  };
  plan.sinkOptions.foreignKeys.forEach((fk, i) => {
    const base: PathSegment[] = ["sinkOptions", "foreignKeys", i];
    check(fk.source, [...base, "source"]);
    fk.generate.forEach((g, j) => {
      check(g, [...base, "generate", j]);
    });
    fk.delete.forEach((d, j) => {
      check(d, [...base, "delete", j]);
    });
  });
}
