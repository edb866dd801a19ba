import { type AccessRules, accessOf } from "../../access/index.ts";
import type { Leftover } from "../../connectors/connector.ts";
import type { StepSessions } from "../../connectors/table/step-sessions.ts";
import type { Connection } from "../../model/connection.ts";
import type { LiveDelivery } from "../../model/delivery-report.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { StepReport } from "../../model/step-report.ts";
import type { ExecutionMode } from "../../store/index.ts";
import { definedOf } from "../../util/defined-of.ts";
import type { ExecutorFactory } from "../executors.ts";
import type { CompiledRun } from "../run-facts.ts";
import type { SchemaReading } from "../schemas/read-schemas.ts";
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
  /** The run's reference time in microseconds since the epoch; the wall clock when not given. */
  readonly nowMicros?: number;
  readonly limits: RunLimits;
  /** Write (or delete) only these steps (`dataSource.step` ids). */
  readonly only?: ReadonlySet<string>;
  /** The seed asked for (`run --seed`); else the plan's, else one chosen at random. */
  readonly seed?: string;
  /** Datafaker expressions from pooled values (default false: every row its own; `run --pooled` turns it on). */
  readonly fastMode?: boolean;
  /** `plan`: the whole run is one transaction (`run --transaction plan`); default `step`. */
  readonly transaction?: "step" | "plan";
  readonly batchSize?: number;
  /** Connections by name, for validations of data sources that no step of the plan writes. */
  readonly connections?: ReadonlyMap<string, Connection>;
  /** The pre-run check tested the servers the validations read: the run does not test them again. */
  readonly validationSourcesChecked?: boolean;
  /**
   * The plan's tables and metadata sources as the pre-run check read them (checkRun's `reading`):
   * the run adopts them instead of reading them again.
   */
  readonly reading?: SchemaReading;
  /** A delete run: only these runs' data (`run --mode delete --run`). */
  readonly onlyRuns?: readonly string[];
}

/** What a run tells while it goes (its live view, its journal). */
export interface JobListener {
  progress(step: string, done: number, total: number, delivery?: LiveDelivery): void;
  stepStart(step: string): void;
  stepDone(report: StepReport): void;
  /** What it may leave behind if stopped at once; it makes none of them until this resolves. */
  leftovers(list: readonly Leftover[]): Promise<void>;
}

/**
 * What a job done in the calling thread adopts from the pre-run check made there: the plan read
 * and compiled once, and the database connections it read the tables through (kept for the run).
 */
export interface InThreadAdoption {
  readonly compiled?: CompiledRun;
  readonly sessions?: StepSessions;
}

/** Where a job runs: its executor, its cancellation and (delete runs) the run history. */
export interface JobContext extends InThreadAdoption {
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
      ...(job.onlyRuns ? { onlyRuns: job.onlyRuns } : {}),
      ...only,
    });
  return runPlan(job.plan, {
    access,
    runId: job.runId,
    executor: context.executor,
    limits: job.limits,
    signal: context.signal,
    onProgress: (step, done, total, delivery) => listener.progress(step, done, total, delivery),
    onStepDone: (report) => listener.stepDone(report),
    onLeftovers: (list) => listener.leftovers(list),
    ...definedOf({ nowMicros: job.nowMicros, seed: job.seed, fastMode: job.fastMode, reading: job.reading }),
    ...definedOf({ transaction: job.transaction, batchSize: job.batchSize, connections: job.connections }),
    ...definedOf({ validationSourcesChecked: job.validationSourcesChecked }),
    ...(context.compiled ? { compiled: context.compiled } : {}),
    ...(context.sessions ? { sessions: context.sessions } : {}),
    ...only,
  });
}
