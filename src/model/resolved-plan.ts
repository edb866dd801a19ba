import type { Connection, Plan, RunConfiguration, Step, Task, ValidationConfig } from "./index.ts";

/** A step ready to run: bound to its task and data source, connection options merged in. */
export interface ResolvedStep {
  readonly taskName: string;
  readonly dataSourceName: string;
  /** The step with `options` = connection options overridden by the step's own. */
  readonly step: Step;
  /** Output format or connector kind: json, csv, parquet, orc, postgres, mysql, kafka, http, ... */
  readonly format: string;
  readonly connection: Connection | undefined;
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
}
