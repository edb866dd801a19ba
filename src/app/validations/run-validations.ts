import type { ResourceAccess } from "../../access/index.ts";
import type { Connection } from "../../model/connection.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import * as quality from "../../quality/index.ts";
import { connectorRows } from "./connector-rows.ts";

/** The validation options the application gives: the rows come through the connectors. */
export type ValidationRunOptions = Omit<quality.ValidationRunOptions, "rows">;

/** Runs a plan's validations (quality's runValidations) on the data the connectors read back. */
export const runValidations = (
  plan: ResolvedPlan,
  options: ValidationRunOptions,
): Promise<quality.ValidationResult[]> => quality.runValidations(plan, { ...options, rows: connectorRows });

/** The validation entries whose server cannot be reached (quality's unreachableSources), tested through the connectors. */
export const unreachableSources = (
  plan: ResolvedPlan,
  access: ResourceAccess,
  connections?: ReadonlyMap<string, Connection>,
): Promise<quality.UnreachableSource[]> =>
  quality.unreachableSources(connectorRows, plan, access, connections);
