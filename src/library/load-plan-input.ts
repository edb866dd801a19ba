import { join, resolve } from "node:path";
import { openAccess, type ResourceAccess } from "../access/index.ts";
import { preflightPlan } from "../app/check/preflight-plan.ts";
import { OUTPUT_KINDS } from "../app/output-kinds.ts";
import { type Env, loadPlanFile } from "../config/index.ts";
import { type Diagnostic, RowforgeError } from "../errors/index.ts";
import type { ResolvedPlan } from "../model/resolved-plan.ts";
import type { Plan } from "./plan.ts";

/** A plan object (definePlan) or the path of a plan file (YAML, JSON, plan.ts, plan.mjs). */
export type PlanInput = Plan | string;

/** Where a plan is read from, as the CLI reads it from the caller's folder and environment. */
export interface PlanSourceOptions {
  /** The folder relative paths (the plan's, its output paths) resolve against; default process.cwd(). */
  readonly cwd?: string;
  /** The environment `${VAR}` references read; default process.env. */
  readonly env?: Env;
  /** An application.conf; default: $APPLICATION_CONFIG_PATH or ./application.conf, as the CLI. */
  readonly config?: string;
}

export interface CheckedPlan {
  readonly plan: ResolvedPlan;
  readonly access: ResourceAccess;
}

/** The problems as one coded error: the first's code and message, every one in `diagnostics`. */
function failure(errors: readonly Diagnostic[]): RowforgeError {
  const first = errors[0]!;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more problems: see diagnostics)` : "";
  return new RowforgeError(first.code, `${first.message}${more}`, {
    ...(first.location ? { location: first.location } : {}),
    ...(first.hint ? { hint: first.hint } : {}),
    diagnostics: errors,
  });
}

/**
 * Loads and checks a plan as `rowforge sample` and `run` do (the same dry run `validate`
 * makes); a plan object reads exactly as the same plan in a YAML file in `cwd` would. Throws
 * the first problem as a RowforgeError carrying all of them.
 */
export async function loadPlanInput(input: PlanInput, o: PlanSourceOptions = {}): Promise<CheckedPlan> {
  const cwd = o.cwd ?? process.cwd();
  const path = typeof input === "string" ? resolve(cwd, input) : join(cwd, `definePlan(${input.name})`);
  const load = await loadPlanFile(path, {
    outputKinds: OUTPUT_KINDS,
    planModules: true,
    cwd,
    env: o.env ?? process.env,
    ...(o.config ? { configPath: o.config } : {}),
    ...(typeof input === "string" ? {} : { planValues: new Map([[path, input]]) }),
  });
  const errors = load.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw failure(errors);
  if (!load.plan)
    throw new RowforgeError("RF_FILE_KIND_UNKNOWN", `no plan found in ${path}`, { location: { file: path } });
  const access = openAccess(cwd);
  const docs = { documents: load.documents ?? new Map(), taskFiles: load.taskFiles ?? new Map() };
  const { plan, diagnostics } = await preflightPlan(load.plan, docs, access);
  const refused = diagnostics.filter((d) => d.severity === "error");
  if (refused.length > 0) throw failure(refused);
  return { plan, access };
}
