import type { ResourceAccess } from "../../access/index.ts";
import { connectorKind } from "../../connectors/registry.ts";
import type { StepSessions } from "../../connectors/table/step-sessions.ts";
import type { CompiledPlan } from "../../engine/index.ts";
import { type Diagnostic, isRowforgeError, RowforgeError } from "../../errors/index.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";
import { stepIdOf } from "../../model/step-id.ts";
import { type CompiledRun, type RunFacts, runFacts } from "../run-facts.ts";
import { loadReferences } from "../schemas/load-references.ts";
import {
  readDatabaseSchemas,
  readSchemas,
  type SchemaReading,
  schemaWarnings,
} from "../schemas/read-schemas.ts";
import { checkTransformations } from "../transform/check-transformations.ts";
import { checkDatabaseTargets, type StepProblem } from "./check-database-targets.ts";
import { checkPlanCompiling, type PlanDocuments, stepDiagnostic } from "./check-plan.ts";
import { checkPlanAccess } from "./check-plan-access.ts";
import { locateStep } from "./locate-step.ts";

/** A plan with what stops it from running: it runs when `diagnostics` holds no error. */
export interface Preflight {
  /** The plan with the fields of database steps that have none read from their tables. */
  readonly plan: ResolvedPlan;
  readonly diagnostics: readonly Diagnostic[];
  /** The plan compiled, when it has no problem of its own (with the run's facts when `run` was given). */
  readonly compiled?: CompiledPlan;
  /** With `run`: the plan read and compiled for that run, which adopts it (PrepareRunOptions.compiled). */
  readonly run?: CompiledRun;
  /** What was read from the databases and metadata sources (for `validate` to print). */
  readonly reading?: SchemaReading;
  /** With `run` or `readTables`: the reading with every table the run writes read, when they all could be. */
  readonly runReading?: SchemaReading;
}

export interface PreflightOptions {
  /** The folder transformations are loaded from: each enabled one must load. Unset: not checked. */
  readonly transformations?: string;
  /**
   * The run that follows in this thread (its seed, time, steps): every table its steps write is
   * read and its reference rows too, and the plan is compiled with its facts, once, for the run
   * to adopt. A table or reference rows that cannot be read then stop the run (thrown) when
   * nothing else does, as the run itself would have.
   */
  readonly run?: {
    readonly seed?: string;
    readonly nowMicros?: number;
    readonly fastMode?: boolean;
    /** Write only these steps (`dataSource.step` ids): their reference parents are read. */
    readonly only?: ReadonlySet<string>;
  };
  /**
   * A run in another thread follows (a run thread's): every table its steps write is read, as
   * `run` reads them, for it to adopt (Preflight.reading) instead of reading them again.
   */
  readonly readTables?: boolean;
  /**
   * The run's kept database connections (a run that follows in this thread): the tables are
   * read and checked through them, and they stay open for the run's checks and sinks.
   */
  readonly sessions?: StepSessions;
  /** A run's check: the plan compiled as a whole first, once (PlanCheckOptions.wholeFirst). */
  readonly compileOnce?: boolean;
  /** Steps of these tasks are not compiled (their files already have errors: `validate`). */
  readonly skipTask?: (taskName: string) => boolean;
  /** Some of the plan already failed to load: its foreign keys are not checked as a whole. */
  readonly partial?: boolean;
  /**
   * `validate`'s report of every problem: a step whose metadata source cannot be read, or whose
   * table cannot be read, is reported at the step and the other steps are still checked, and
   * the CHECK constraints the rows may break are warnings. Default: a schema that cannot be
   * read is the one problem reported.
   */
  readonly everyProblem?: boolean;
}

/**
 * What `run`, `sample`, POST /plan and the API's runs check before anything is generated or
 * written, the same dry run `validate` makes: database steps without fields get the columns of
 * their tables, every enabled step is compiled as `run` compiles it (foreign keys included),
 * the tables and columns database steps write are looked at (a server that cannot be reached
 * is a warning), and transformations are loaded; each problem located in the file that wrote
 * it. A table that cannot be read is a problem too, and so is a file or URL the access rules
 * refuse (checked first, before anything is read).
 */
export async function preflightPlan(
  plan: ResolvedPlan,
  docs: PlanDocuments,
  access: ResourceAccess,
  options: PreflightOptions = {},
): Promise<Preflight> {
  const unread = new Map<string, RowforgeError>();
  const key = (s: ResolvedStep) => `${s.taskName}\u0000${s.step.name}`;
  let reading: SchemaReading;
  try {
    await checkPlanAccess(plan, access);
    reading = await readSchemas(plan, {
      onlyWhenNeeded: true,
      access,
      ...(options.sessions ? { sessions: options.sessions } : {}),
      // A step whose metadata source cannot be read is reported at the step; the others are checked.
      ...(options.everyProblem ? { onMetadataError: (s, e) => void unread.set(key(s), e) } : {}),
    });
  } catch (e) {
    if (!isRowforgeError(e)) throw e;
    return {
      plan,
      diagnostics: options.everyProblem ? await unreadTables(plan, docs, e, options) : [readFailure(plan, e)],
    };
  }
  const diagnostics: Diagnostic[] = [];
  for (const s of plan.steps) {
    const e = unread.get(key(s));
    if (e) diagnostics.push(stepDiagnostic(docs, plan, s, e));
  }
  // CHECK constraints the generated rows may break: the database will refuse those rows.
  if (options.everyProblem)
    for (const s of reading.steps) {
      const step = plan.steps.find((x) => stepIdOf(x) === s.id);
      for (const warning of schemaWarnings([s]))
        if (step)
          diagnostics.push(
            stepDiagnostic(
              docs,
              plan,
              step,
              new RowforgeError("RF_DB_CHECK_NOT_HONOURED", warning),
              "warning",
            ),
          );
    }
  if (unread.size > 0)
    reading = {
      ...reading,
      plan: { ...reading.plan, steps: reading.plan.steps.filter((s) => !unread.has(key(s))) },
    };
  // The run that follows reads every table it writes and its reference rows, here and once.
  let facts: RunFacts | undefined;
  let stopsTheRun: unknown;
  let tablesRead = false;
  if (options.run || options.readTables)
    try {
      if (reading.steps.length === 0)
        reading = {
          ...reading,
          ...(await readDatabaseSchemas(reading.plan, {
            access,
            ...(options.sessions ? { sessions: options.sessions } : {}),
          })),
        };
      tablesRead = true;
      if (options.run)
        facts = runFacts(
          reading.plan,
          options.run,
          await loadReferences(reading.plan, access, options.run.only),
        );
    } catch (e) {
      if (!isRowforgeError(e)) throw e;
      // A run in another thread meets the problem itself, as it reads the tables again.
      if (options.run) stopsTheRun = e;
    }
  const read = reading.plan;
  const at = (s: ResolvedStep, e: StepProblem, severity?: Diagnostic["severity"]) =>
    stepDiagnostic(docs, plan, s, e, severity);
  const checked = await checkPlanCompiling(read, docs, {
    wholeFirst: options.compileOnce ?? false,
    partial: (options.partial ?? false) || unread.size > 0,
    ...(options.skipTask ? { skipTask: options.skipTask } : {}),
    ...(facts ? { compileOptions: facts.compileOptions } : {}),
  });
  diagnostics.push(...checked.diagnostics);
  diagnostics.push(...(await checkDatabaseTargets(read, access, at, options.sessions)));
  if (options.transformations !== undefined)
    for (const { step, error } of await checkTransformations(read, options.transformations))
      diagnostics.push(at(step, error));
  if (stopsTheRun !== undefined && !diagnostics.some((d) => d.severity === "error")) throw stopsTheRun;
  const { compiled } = checked;
  return {
    plan: read,
    diagnostics,
    reading,
    ...(tablesRead ? { runReading: reading } : {}),
    ...(compiled ? { compiled } : {}),
    ...(compiled && facts ? { run: { ...facts, reading, compiled } } : {}),
  };
}

/** A schema that cannot be read (or a file or URL the rules refuse), located at its own place or the plan's file. */
const readFailure = (plan: ResolvedPlan, e: RowforgeError): Diagnostic => ({
  severity: "error",
  code: e.code,
  message: e.message,
  location: e.location ?? (plan.sources[0] ? { file: plan.sources[0] } : {}),
  ...(e.hint ? { hint: e.hint } : {}),
});

/**
 * `validate`'s report of a table that cannot be read: at the step the message names (else the
 * first that needed its table), with every other step still checked; the steps of the tasks
 * that needed their tables are not compiled (that would only repeat the problem).
 */
async function unreadTables(
  plan: ResolvedPlan,
  docs: PlanDocuments,
  e: RowforgeError,
  options: PreflightOptions,
): Promise<Diagnostic[]> {
  const unread = plan.steps.filter((s) => s.step.fields.length === 0 && connectorKind(s.format)?.readsTables);
  const named = unread.find((s) => e.message.includes(`step "${s.step.name}"`)) ?? unread[0];
  const file = (named && docs.taskFiles.get(named.taskName)) || plan.sources[0];
  const doc = file ? docs.documents.get(file) : undefined;
  const skipped = new Set(unread.map((s) => s.taskName));
  const skipTask = options.skipTask ?? (() => false);
  return [
    {
      severity: "error",
      code: e.code,
      message: e.message,
      location: doc && named ? locateStep(doc, named.step.name) : file ? { file } : {},
      hint: e.hint,
    },
    ...(
      await checkPlanCompiling(plan, docs, { skipTask: (t) => skipped.has(t) || skipTask(t), partial: true })
    ).diagnostics,
  ];
}
