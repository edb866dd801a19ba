import { type AccessRules, accessOf } from "../../access/index.ts";
import type { Leftover } from "../../connectors/connector.ts";
import type { LiveDelivery } from "../../model/delivery-report.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { StepReport } from "../../model/step-report.ts";
import type { ExecutionMode } from "../../store/index.ts";
import type { ExecutorFactory } from "../executors.ts";
import { deletePlanData } from "./delete-plan-data.ts";
import type { DeleteHistorySource } from "./plan-history.ts";
import type { RunLimits } from "./run-limits.ts";
import { type RunResult, runPlan } from "./run-plan.ts";

/** One accepted run as plain data: what a run thread (or the calling thread) is given to do it. */
export interface RunJob {
  readonly runId: string;
  readonly mode: ExecutionMode;
  readonly plan: ResolvedPlan;
  /** What the files and URLs the plan names may be (plain data: a run thread makes its gate from them). */
  readonly access: AccessRules;
  readonly nowMicros: number;
  readonly limits: RunLimits;
  /** Write (or delete) only these steps (`dataSource.step` ids). */
  readonly only?: ReadonlySet<string>;
}

/** What a run tells while it goes (its live view, its journal). */
export interface JobListener {
  progress(step: string, done: number, total: number, delivery?: LiveDelivery): void;
  stepStart(step: string): void;
  stepDone(report: StepReport): void;
  /** What it may leave behind if stopped at once; it makes none of them until this resolves. */
  leftovers(list: readonly Leftover[]): Promise<void>;
}

/** Where a job runs: its executor, its cancellation and (delete runs) the run history. */
export interface JobContext {
  readonly executor: ExecutorFactory;
  readonly signal: AbortSignal;
  readonly history: DeleteHistorySource;
}

/** Does a job where it is called: the generate run, or the delete run, it asks for. */
export function executeJob(job: RunJob, listener: JobListener, context: JobContext): Promise<RunResult> {
  const only = job.only ? { only: job.only } : {};
  const access = accessOf(job.access);
  if (job.mode === "delete")
    return deletePlanData(job.plan, {
      access,
      runId: job.runId,
      history: context.history,
      onStepStart: (step) => listener.stepStart(step),
      onStepDone: (report) => listener.stepDone(report),
      ...only,
    });
  return runPlan(job.plan, {
    access,
    runId: job.runId,
    executor: context.executor,
    nowMicros: job.nowMicros,
    limits: job.limits,
    signal: context.signal,
    onProgress: (step, done, total, delivery) => listener.progress(step, done, total, delivery),
    onStepDone: (report) => listener.stepDone(report),
    onLeftovers: (list) => listener.leftovers(list),
    ...only,
  });
}
