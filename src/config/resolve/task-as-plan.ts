import type { Diagnostic } from "../../errors/index.ts";
import {
  type Connection,
  deepFreeze,
  type Plan,
  type RunConfiguration,
  type Task,
  type ValidationConfig,
} from "../../model/index.ts";
import type { OutputKinds } from "../../model/output-kinds.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import { LoadContext } from "../read/load-context.ts";
import { plainDocument } from "../source/source-document.ts";
import { resolvePlan } from "./resolve-plan.ts";

export interface TaskAsPlanInput {
  readonly task: Task;
  readonly connections: ReadonlyMap<string, Connection>;
  readonly config: RunConfiguration;
  readonly validations?: ReadonlyMap<string, ValidationConfig>;
  readonly source?: string;
  /** The connection the task is bound to, when there is one. */
  readonly dataSourceName?: string;
  /**
   * The format and connection names (and their aliases) steps' formats are resolved against (the connector
   * registry's, handed in by the app layer: config sits below connectors and formats).
   */
  readonly outputKinds: OutputKinds;
}

/** A plan of one task, run or sampled on its own: its steps write where their options say. */
export function taskAsPlan(input: TaskAsPlanInput): { plan: ResolvedPlan; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const plan: Plan = {
    name: input.task.name,
    description: `task ${input.task.name} on its own`,
    tasks: [{ name: input.task.name, dataSourceName: input.dataSourceName ?? "", enabled: true }],
    sinkOptions: { foreignKeys: [] },
    validations: [],
  };
  const ctx = new LoadContext(plainDocument(plan, input.source), diagnostics);
  const resolved = resolvePlan(ctx, {
    plan,
    tasks: new Map([[input.task.name, input.task]]),
    connections: input.connections,
    validations: input.validations ?? new Map(),
    config: input.config,
    sources: input.source ? [input.source] : [],
    outputKinds: input.outputKinds,
  });
  return { plan: deepFreeze(resolved), diagnostics };
}
