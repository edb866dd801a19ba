import type { ResourceAccess } from "../../access/index.ts";
import type { CompiledPlan } from "../../engine/index.ts";
import type { Diagnostic } from "../../errors/index.ts";
import { isRowforgeError } from "../../errors/index.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";
import { checkPlanAccess } from "../runs/check-plan-access.ts";
import { loadReferences } from "../runs/load-references.ts";
import { type CompiledRun, type PrepareRunOptions, type RunFacts, runFacts } from "../runs/prepare-run.ts";
import { readDatabaseSchemas, readSchemas, type SchemaReading } from "../schemas/read-schemas.ts";
import { checkTransformations } from "../transform/check-transformations.ts";
import { checkDatabaseTargets, type StepProblem } from "./check-database-targets.ts";
import { checkPlanCompiling, type PlanDocuments, stepDiagnostic } from "./check-plan.ts";

/** A plan with what stops it from running: it runs when `diagnostics` holds no error. */
export interface Preflight {
  /** The plan with the fields of database steps that have none read from their tables. */
  readonly plan: ResolvedPlan;
  readonly diagnostics: readonly Diagnostic[];
  /** The plan compiled, when it has no problem of its own (with the run's facts when `run` was given). */
  readonly compiled?: CompiledPlan;
  /** With `run`: the plan read and compiled for that run, which adopts it (PrepareRunOptions.compiled). */
  readonly run?: CompiledRun;
}

export interface PreflightOptions {
  /** The folder transformations are loaded from: each enabled one must load. Unset: not checked. */
  readonly transformations?: string;
  /**
   * The run that follows in this thread (its seed, time, steps): every table its steps write is
   * read and its reference rows too, and the plan is compiled with its facts, once, for the run
   * to adopt. A table or reference rows that cannot be read then stop the run (thrown) when
   * nothing else does, as the run itself would have.
   */
  readonly run?: Pick<PrepareRunOptions, "seed" | "nowMicros" | "fastMode" | "only">;
  /** A run's check: the plan compiled as a whole first, once (PlanCheckOptions.wholeFirst). */
  readonly compileOnce?: boolean;
}

/**
 * What `run`, `sample`, POST /plan and the API's runs check before anything is generated or
 * written, the same dry run `validate` makes: database steps without fields get the columns of
 * their tables, every enabled step is compiled as `run` compiles it (foreign keys included),
 * the tables and columns database steps write are looked at (a server that cannot be reached
 * is a warning), and transformations are loaded; each problem located in the file that wrote
 * it. A table that cannot be read is a problem too, and so is a file or URL the access rules
 * refuse (checked first, before anything is read).
 */
export async function preflightPlan(
  plan: ResolvedPlan,
  docs: PlanDocuments,
  access: ResourceAccess,
  options: PreflightOptions = {},
): Promise<Preflight> {
  let reading: SchemaReading;
  try {
    await checkPlanAccess(plan, access);
    reading = await readSchemas(plan, { onlyWhenNeeded: true, access });
  } catch (e) {
    if (!isRowforgeError(e)) throw e;
    return {
      plan,
      diagnostics: [
        {
          severity: "error",
          code: e.code,
          message: e.message,
          location: e.location ?? (plan.sources[0] ? { file: plan.sources[0] } : {}),
          ...(e.hint ? { hint: e.hint } : {}),
        },
      ],
    };
  }
  // The run that follows reads every table it writes and its reference rows, here and once.
  let facts: RunFacts | undefined;
  let stopsTheRun: unknown;
  if (options.run)
    try {
      if (reading.steps.length === 0)
        reading = { ...reading, ...(await readDatabaseSchemas(reading.plan, { access })) };
      facts = runFacts(
        reading.plan,
        options.run,
        await loadReferences(reading.plan, access, options.run.only),
      );
    } catch (e) {
      if (!isRowforgeError(e)) throw e;
      stopsTheRun = e;
    }
  const read = reading.plan;
  const at = (s: ResolvedStep, e: StepProblem, severity?: Diagnostic["severity"]) =>
    stepDiagnostic(docs, plan, s, e, severity);
  const checked = checkPlanCompiling(read, docs, {
    wholeFirst: options.compileOnce ?? false,
    ...(facts ? { compileOptions: facts.compileOptions } : {}),
  });
  const diagnostics = checked.diagnostics;
  diagnostics.push(...(await checkDatabaseTargets(read, access, at)));
  if (options.transformations !== undefined)
    for (const { step, error } of await checkTransformations(read, options.transformations))
      diagnostics.push(at(step, error));
  if (stopsTheRun !== undefined && !diagnostics.some((d) => d.severity === "error")) throw stopsTheRun;
  const { compiled } = checked;
  return {
    plan: read,
    diagnostics,
    ...(compiled ? { compiled } : {}),
    ...(compiled && facts ? { run: { ...facts, reading, compiled } } : {}),
  };
}
