import type { StepRunOptions } from "./boolean-option.ts";
import type { Connection, Plan, RunConfiguration, Step, Task, ValidationConfig } from "./index.ts";

/**
 * A step ready to run: bound to its task and data source, connection options merged in, the
 * step options that change what a run does (StepRunOptions) parsed once into typed fields.
 */
export interface ResolvedStep extends StepRunOptions {
  readonly taskName: string;
  readonly dataSourceName: string;
  /**
   * The step with `options` = connection options overridden by the step's own, plus
   * `unwrapTopLevelArray` naming the field that asks for it (a JSON field option).
   */
  readonly step: Step;
  /** Output format or connector kind: json, csv, parquet, orc, postgres, mysql, kafka, http, ... */
  readonly format: string;
  readonly connection: Connection | undefined;
  /**
   * The metadata source its fields were read from (fillFromMetadata), when they were: a step
   * of no fields from a document that describes none (an OpenAPI operation without parameters
   * or body) is still run.
   */
  readonly fieldsFrom?: string;
  /**
   * Fields whose values are unique together: the composite keys of the step's table, read by
   * the schema stage (src/app/schemas). Foreign-key fields among them draw distinct parents.
   */
  readonly uniqueKeys?: readonly (readonly string[])[];
}

/**
 * A data source whose steps are every table of its connection: a task with no steps bound to
 * a database under the flag enableGeneratePlanAndTasks (Data Caterer's generated plans and
 * tasks). The schema stage (src/app/schemas) lists the tables and makes one step of each.
 */
export interface WholeConnection {
  readonly taskName: string;
  readonly dataSourceName: string;
  readonly connection: Connection;
  /** The connector kind (postgres, mysql, cassandra). */
  readonly format: string;
}

/** A plan with everything it refers to found and checked: what `run`, `sample` and `validate` work on. */
export interface ResolvedPlan {
  readonly plan: Plan;
  /** Enabled steps of enabled tasks, in plan order. */
  readonly steps: readonly ResolvedStep[];
  readonly tasks: readonly Task[];
  readonly validations: readonly ValidationConfig[];
  readonly config: RunConfiguration;
  /** Files the plan was read from (plan, tasks, configuration). */
  readonly sources: readonly string[];
  /** Data sources whose steps are all the tables of their connection, until the schema stage lists them. */
  readonly wholeConnections?: readonly WholeConnection[];
}
