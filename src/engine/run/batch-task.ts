import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { PlanCompileOptions } from "../compile/compile-plan.ts";

/** What a worker needs to generate one batch: plain data, cheap to send across threads. */
export interface BatchTask {
  /** Identifies (plan, options) so a worker compiles each plan once. */
  readonly planKey: string;
  readonly plan: ResolvedPlan;
  readonly options: PlanCompileOptions;
  readonly stepId: string;
  readonly start: number;
  readonly count: number;
  /** Encode in the worker (text formats whose batches can be concatenated) instead of returning Arrow IPC. */
  readonly encode?: { readonly format: string; readonly options: Readonly<Record<string, string>> };
}

/** Generates batches as Arrow IPC stream bytes: in this thread or in a worker pool, same bytes. */
export interface BatchExecutor {
  readonly workers: number;
  run(task: BatchTask): Promise<Uint8Array>;
  close(): Promise<void>;
}
