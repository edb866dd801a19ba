import type { ResourceAccess } from "../../access/index.ts";
import type { Connection } from "../../model/connection.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import * as quality from "../../quality/index.ts";
import { connectorRows } from "./connector-rows.ts";

/** The validation options the application gives: the rows come through the connectors. */
export type ValidationRunOptions = Omit<quality.ValidationRunOptions, "rows">;

/**
 * Runs a plan's validations (quality's runValidations) on the data the connectors read back;
 * the quality engine loads only for a plan that has validations.
 */
export async function runValidations(
  plan: ResolvedPlan,
  options: ValidationRunOptions,
): Promise<quality.ValidationResult[]> {
  if (plan.validations.length === 0) return [];
  const engine = await quality.loadQualityEngine();
  return await engine.runValidations(plan, { ...options, rows: connectorRows });
}

/** The validation entries whose server cannot be reached (quality's unreachableSources), tested through the connectors. */
export async function unreachableSources(
  plan: ResolvedPlan,
  access: ResourceAccess,
  connections?: ReadonlyMap<string, Connection>,
): Promise<quality.UnreachableSource[]> {
  if (plan.validations.length === 0) return [];
  const engine = await quality.loadQualityEngine();
  return await engine.unreachableSources(connectorRows, plan, access, connections);
}
