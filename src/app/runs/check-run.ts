import type { ResourceAccess } from "../../access/index.ts";
import type { CompiledPlan } from "../../engine/index.ts";
import type { Diagnostic } from "../../errors/index.ts";
import type { Connection } from "../../model/connection.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { ExecutionMode } from "../../store/index.ts";
import type { PlanDocuments } from "../check/check-plan.ts";
import { checkPlanAccess } from "../check/check-plan-access.ts";
import { checkValidationSources } from "../check/check-validation-sources.ts";
import { type PreflightOptions, preflightPlan } from "../check/preflight-plan.ts";
import type { CompiledRun } from "../run-facts.ts";
import type { SchemaReading } from "../schemas/read-schemas.ts";
import { rerootOutputs } from "./reroot-output.ts";
import { rowsToWrite } from "./run-demand.ts";
import { checkRowLimit, type RunLimits } from "./run-limits.ts";

/** Plans given by requests, not files: their problems are located by path. */
const NO_DOCUMENTS: PlanDocuments = { documents: new Map(), taskFiles: new Map() };

export interface RunCheckOptions
  extends Pick<PreflightOptions, "transformations" | "run" | "readTables" | "sessions"> {
  /** A delete run (which reads and checks its plan as it deletes) is checked against the access rules only. */
  readonly mode?: ExecutionMode;
  readonly access: ResourceAccess;
  /** The files the plan was read from, to locate its problems (default: none, located by path). */
  readonly docs?: PlanDocuments;
  /** Connections by name, for validations of data sources that no step of the plan writes. */
  readonly connections?: ReadonlyMap<string, Connection>;
  /** Every output written under this folder (`run --output-root`). */
  readonly outputRoot?: string;
  /** Budgets raised or lowered (`run --budget`): for generating and deleting alike. */
  readonly budget?: Readonly<Record<string, number>>;
  /**
   * The servers the validations read are tested now, each problem located at its validation
   * (`run`); otherwise the run tests them as it starts.
   */
  readonly validationSources?: boolean;
  /** Checked against the plan's rows now (a refusal is thrown); otherwise as the run starts. */
  readonly limits?: RunLimits;
  /** The steps the run writes (`dataSource.step` ids; default every step). */
  readonly only?: ReadonlySet<string>;
}

/** What stops a run before its first byte, and the plan as it will run. */
export interface RunCheck {
  /** The plan as given, with --output-root and --budget applied: what the run is given. */
  readonly plan: ResolvedPlan;
  /** The servers the validations read that cannot be reached (validationSources); other checks wait for them. */
  readonly sources: readonly Diagnostic[];
  /** The dry run's problems (preflightPlan): the run goes ahead when none is an error. */
  readonly diagnostics: readonly Diagnostic[];
  /** The plan compiled, when it has no problem. */
  readonly compiled?: CompiledPlan;
  /** With `run`: the plan read and compiled for the run that follows in this thread. */
  readonly run?: CompiledRun;
  /** With `readTables`: the plan's tables as read, for the run in another thread to adopt (RunJob.reading). */
  readonly reading?: SchemaReading;
}

const refused = (ds: readonly Diagnostic[]) => ds.some((d) => d.severity === "error");

/**
 * The one pre-run check of a run, for every adapter (the CLI's `run`, POST /run, runs by
 * name): the outputs rerooted and budgets applied; then, for a generate run, the servers the
 * validations read reached, the dry run `validate` makes (access rules, tables, every step
 * compiled, outputs, transformations) and the row limit. A run in this thread (`run`) gets
 * its plan read and compiled here, once, through its kept connections (`sessions`); a run in
 * another thread (`readTables`) gets its tables read here, once; a delete run is checked
 * against the access rules.
 */
export async function checkRun(given: ResolvedPlan, o: RunCheckOptions): Promise<RunCheck> {
  const rerooted = o.outputRoot ? rerootOutputs(given, o.outputRoot) : given;
  const plan =
    o.budget === undefined || Object.keys(o.budget).length === 0
      ? rerooted
      : { ...rerooted, config: { ...rerooted.config, budget: { ...rerooted.config.budget, ...o.budget } } };
  if (o.mode === "delete") {
    await checkPlanAccess(plan, o.access);
    return { plan, sources: [], diagnostics: [] };
  }
  const docs = o.docs ?? NO_DOCUMENTS;
  // Servers the validations read that cannot be reached stop the run before it writes (each tested once, bounded in time).
  const sources = o.validationSources
    ? await checkValidationSources(plan, docs.documents, o.access, o.connections)
    : [];
  if (refused(sources)) return { plan, sources, diagnostics: [] };
  const checked = await preflightPlan(plan, docs, o.access, {
    compileOnce: true,
    ...(o.transformations === undefined ? {} : { transformations: o.transformations }),
    ...(o.run ? { run: { ...o.run, ...(o.only ? { only: o.only } : {}) } } : {}),
    ...(o.readTables ? { readTables: true } : {}),
    ...(o.sessions ? { sessions: o.sessions } : {}),
  });
  if (!refused(checked.diagnostics) && o.limits && checked.compiled)
    checkRowLimit(plan.plan.name, rowsToWrite(checked.compiled, o.only), o.limits);
  return {
    plan,
    sources,
    diagnostics: checked.diagnostics,
    ...(checked.compiled ? { compiled: checked.compiled } : {}),
    ...(checked.run ? { run: checked.run } : {}),
    ...(o.readTables && checked.runReading ? { reading: checked.runReading } : {}),
  };
}
