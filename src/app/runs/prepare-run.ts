import { randomUUID } from "node:crypto";
import type { ResourceAccess } from "../../access/index.ts";
import { connectorFor } from "../../connectors/registry.ts";
import type { StepSessions } from "../../connectors/table/step-sessions.ts";
import { compilePlan, loadPlanCode } from "../../engine/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { Connection } from "../../model/connection.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import { checkPlanAccess } from "../check/check-plan-access.ts";
import { checkStepRunnable, isReference } from "../check/check-step-runnable.ts";
import { type CompiledRun, runFacts } from "../run-facts.ts";
import { loadReferences } from "../schemas/load-references.ts";
import { readSchemas, type SchemaReading, schemaWarnings } from "../schemas/read-schemas.ts";
import { unreachableSources } from "../validations/run-validations.ts";
import { checkRunTransaction } from "./check-run-transaction.ts";
import { rowsToWrite, stepsToWrite } from "./run-demand.ts";
import { checkRowLimit, DEFAULT_RUN_LIMITS, type RunLimits } from "./run-limits.ts";

/** A run ready to write its first byte: every check passed, its plan read and compiled once. */
export interface PreparedRun extends CompiledRun {
  readonly runId: string;
  /** The plan as read (reading.plan). */
  readonly plan: ResolvedPlan;
  /** What the run found that may fail it: CHECK constraints of its tables it does not honour. */
  readonly warnings: readonly string[];
  readonly limits: RunLimits;
}

export interface PrepareRunOptions {
  /**
   * What the files and URLs the plan names may be: outputs, metadata documents, data read
   * back, reference data, schemas, endpoints (src/access; the CLI's open, the server's contained).
   */
  readonly access: ResourceAccess;
  /** Connections by name, for validations of data sources that no step of the plan writes. */
  readonly connections?: ReadonlyMap<string, Connection>;
  readonly seed?: string;
  /** The run's reference time in microseconds since the epoch; the wall clock when not given. */
  readonly nowMicros?: number;
  readonly fastMode?: boolean;
  readonly runId?: string;
  /** Write only these steps (`dataSource.step` ids); the others are compiled for their keys but not written. */
  readonly only?: ReadonlySet<string>;
  /** Rows, bytes and seconds the run may take (default DEFAULT_RUN_LIMITS). */
  readonly limits?: RunLimits;
  /**
   * The caller already tested that the servers the plan's validations read can be reached
   * (`rowforge run` does, to locate the problem in the file): the run does not test them again.
   */
  readonly validationSourcesChecked?: boolean;
  /**
   * `step` (default): each database step commits its rows when it ends. `plan`: every step
   * writes inside one transaction the run commits after its last step (before validations)
   * or rolls back on a failure; only for plans writing to one PostgreSQL database (checkRunTransaction).
   */
  readonly transaction?: "step" | "plan";
  readonly signal?: AbortSignal;
  /** The plan already read and compiled for this run in this thread (checkRun): adopted, not made again. */
  readonly compiled?: CompiledRun;
  /** The run's kept database connections: tables are read and checked through them (runPlan gives them). */
  readonly sessions?: StepSessions;
  /**
   * The plan's tables and metadata sources as a pre-run check in another thread read them (a
   * run thread's job): adopted, not read again; the plan is still compiled here, once.
   */
  readonly reading?: SchemaReading;
}

/**
 * Everything a generate run does before its first byte, once: the access rules, the plan's
 * tables and metadata sources read, its reference rows read, the plan compiled (or all three
 * adopted from the pre-run check), every step's output checked, the servers its validations
 * read reached, the run's transaction and row limit checked. Throws (a coded error) what
 * stops the run; nothing is written before.
 */
export async function prepareRun(given: ResolvedPlan, options: PrepareRunOptions): Promise<PreparedRun> {
  // Nothing is read or written before every file and URL the plan names is known to be allowed.
  await checkPlanAccess(given, options.access, options.connections);
  const run = options.compiled ?? (await compileRun(given, options));
  const plan = run.reading.plan;
  const compiled = run.compiled;
  // Every step's output options are checked before the first byte is written.
  for (const step of compiled.steps) {
    await checkStepRunnable(step.resolved);
    if (isReference(step.resolved)) continue;
    await (await connectorFor(step.resolved)).checkTarget(step.resolved, options.access, options.sessions);
  }
  // A server the validations read that cannot be reached stops the run before it writes.
  if (
    !options.validationSourcesChecked &&
    plan.validations.length > 0 &&
    plan.config.flags.enableValidation
  ) {
    const [first] = await unreachableSources(plan, options.access, options.connections);
    if (first)
      throw new RowforgeError(
        first.error.code,
        `validation "${first.config}" of ${first.dataSource}${first.via ? ` (${first.via})` : ""} cannot read its data: ${first.error.message}`,
        {
          hint: "start the server or fix the connection the validations read, or set flags.enableValidation false",
        },
      );
  }
  if (options.transaction === "plan")
    await checkRunTransaction(stepsToWrite(compiled, options.only).map((s) => s.resolved));
  const limits = options.limits ?? DEFAULT_RUN_LIMITS;
  checkRowLimit(plan.plan.name, rowsToWrite(compiled, options.only), limits);
  options.signal?.throwIfAborted();
  return {
    ...run,
    runId: options.runId ?? randomUUID(),
    plan,
    warnings: schemaWarnings(run.reading.steps),
    limits,
  };
}

/** The plan's tables and metadata sources read, its reference rows read, then the plan compiled with the run's facts. */
async function compileRun(given: ResolvedPlan, options: PrepareRunOptions): Promise<CompiledRun> {
  // Database steps' fields and foreign keys read from their tables (src/app/schemas), unless the pre-run check did.
  const reading =
    options.reading ??
    (await readSchemas(given, {
      access: options.access,
      ...(options.sessions ? { sessions: options.sessions } : {}),
    }));
  // Existing rows of reference parents are read first (async I/O); the engine picks from them.
  const references = await loadReferences(reading.plan, options.access, options.only);
  const facts = runFacts(reading.plan, options, references);
  await loadPlanCode(reading.plan);
  return { ...facts, reading, compiled: compilePlan(reading.plan, facts.compileOptions) };
}
