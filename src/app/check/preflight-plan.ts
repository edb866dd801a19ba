import type { ResourceAccess } from "../../access/index.ts";
import type { Diagnostic } from "../../errors/index.ts";
import { isRowforgeError } from "../../errors/index.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import { checkPlanAccess } from "../runs/check-plan-access.ts";
import { readSchemas } from "../schemas/read-schemas.ts";
import { checkPlan, type PlanDocuments } from "./check-plan.ts";

/** A plan with what stops it from running: it runs when `diagnostics` holds no error. */
export interface Preflight {
  /** The plan with the fields of database steps that have none read from their tables. */
  readonly plan: ResolvedPlan;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * What `run`, `sample` and POST /plan check before anything is generated or written, the same
 * dry run `validate` makes: database steps without fields get the columns of their tables,
 * then every enabled step is compiled as `run` compiles it (foreign keys included), each
 * problem located in the file that wrote it. A table that cannot be read is a problem too, and
 * so is a file or URL the access rules refuse (checked first, before anything is read).
 */
export async function preflightPlan(
  plan: ResolvedPlan,
  docs: PlanDocuments,
  access: ResourceAccess,
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
  return { plan: read, diagnostics: checkPlan(read, docs) };
}
