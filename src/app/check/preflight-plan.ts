import type { ResourceAccess } from "../../access/index.ts";
import type { Diagnostic } from "../../errors/index.ts";
import { isRowforgeError } from "../../errors/index.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";
import { readSchemas } from "../schemas/read-schemas.ts";
import { checkTransformations } from "../transform/check-transformations.ts";
import { checkDatabaseTargets, type StepProblem } from "./check-database-targets.ts";
import { checkPlan, type PlanDocuments, stepDiagnostic } from "./check-plan.ts";
import { checkPlanAccess } from "./check-plan-access.ts";

/** A plan with what stops it from running: it runs when `diagnostics` holds no error. */
export interface Preflight {
  /** The plan with the fields of database steps that have none read from their tables. */
  readonly plan: ResolvedPlan;
  readonly diagnostics: readonly Diagnostic[];
}

export interface PreflightOptions {
  /** The folder transformations are loaded from: each enabled one must load. Unset: not checked. */
  readonly transformations?: string;
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
  let read: ResolvedPlan;
  try {
    await checkPlanAccess(plan, access);
    read = (await readSchemas(plan, { onlyWhenNeeded: true, access })).plan;
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
  const at = (s: ResolvedStep, e: StepProblem, severity?: Diagnostic["severity"]) =>
    stepDiagnostic(docs, plan, s, e, severity);
  const diagnostics = checkPlan(read, docs);
  diagnostics.push(...(await checkDatabaseTargets(read, access, at)));
  if (options.transformations !== undefined)
    for (const { step, error } of await checkTransformations(read, options.transformations))
      diagnostics.push(at(step, error));
  return { plan: read, diagnostics };
}
