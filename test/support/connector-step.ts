import type { ResolvedStep } from "../../src/model/resolved-plan.ts";

/** Who a test step is: its connection (named like the data source) and the step's own name. */
export interface StepOf {
  readonly format: string;
  readonly connection: string;
  readonly step: string;
  readonly groupType?: string;
}

/**
 * A resolved step of connection `of.connection` (its type `of.format`) with these options and
 * fields: what a connector's option parsing and checks read of a step.
 */
export function connectorStep(
  of: StepOf,
  options: Record<string, string>,
  fields: readonly unknown[] = [],
): ResolvedStep {
  return {
    taskName: "t",
    dataSourceName: of.connection,
    format: of.format,
    connection: { name: of.connection, type: of.format, groupType: of.groupType ?? "database", options: {} },
    step: { name: of.step, type: of.format, options, fields, count: {}, enabled: true },
  } as unknown as ResolvedStep;
}
