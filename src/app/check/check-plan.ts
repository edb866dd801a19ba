import {
  findRelationPath,
  type RelationRole,
  relationPartPath,
  type SourceDocument,
} from "../../config/index.ts";
import {
  type CompiledPlan,
  compilePlan,
  loadPlanCode,
  type PlanCompileOptions,
  resolveBudget,
} from "../../engine/index.ts";
import { type Diagnostic, formatPath, isRowforgeError, type SourceLocation } from "../../errors/index.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";
import type { StepProblem } from "./check-database-targets.ts";
import { checkStepRunnable } from "./check-step-runnable.ts";
import { checkValidations } from "./check-validations.ts";
import { countWarnings } from "./count-warnings.ts";
import { locateStep } from "./locate-step.ts";

export interface PlanDocuments {
  /** Parsed files by path. */
  readonly documents: ReadonlyMap<string, SourceDocument>;
  /** The file each task was read from. */
  readonly taskFiles: ReadonlyMap<string, string>;
}

/** A fixed reference time for checking: relative dates resolve, nothing depends on the clock. */
const CHECK_NOW_MICROS = Date.UTC(2026, 0, 1) * 1000;

/**
 * A dry run of `run` up to the first byte: compiles every enabled step exactly as `run`
 * does (regexes, SQL, Datafaker expressions, uniqueness, foreign keys) and checks its output
 * options, and returns every problem, located in the file that defines the step.
 */
export async function checkPlan(
  plan: ResolvedPlan,
  docs: PlanDocuments,
  /** Steps of these tasks are not compiled (their files already have errors). */
  skipTask: (taskName: string) => boolean = () => false,
  /** Some of the plan already failed to load: its foreign keys are not checked as a whole. */
  partial = false,
): Promise<Diagnostic[]> {
  return (await checkPlanCompiling(plan, docs, { skipTask, partial })).diagnostics;
}

export interface PlanCheckOptions {
  /** Steps of these tasks are not compiled (their files already have errors). */
  readonly skipTask?: (taskName: string) => boolean;
  /** Some of the plan already failed to load: its foreign keys are not checked as a whole. */
  readonly partial?: boolean;
  /** A run's own compile options (its seed, time and reference rows); default checkCompileOptions. */
  readonly compileOptions?: PlanCompileOptions;
  /**
   * The plan is compiled as a whole first, and its steps alone only to locate every problem
   * when it does not compile: a run's check compiles the plan once. Default: every step alone
   * first, then the whole plan (what `validate` does, to report each step's own problems).
   */
  readonly wholeFirst?: boolean;
}

/** What checkPlanCompiling found: the problems, and the plan compiled when it has none of its own. */
export interface PlanCheck {
  readonly diagnostics: Diagnostic[];
  readonly compiled?: CompiledPlan;
}

/** The compile options of a check: the plan's seed (else "0") at a fixed time, no reference rows. */
export const checkCompileOptions = (plan: ResolvedPlan): PlanCompileOptions => ({
  seed: plan.plan.sinkOptions.seed ?? "0",
  nowMicros: CHECK_NOW_MICROS,
  fastMode: true,
  // The run's budget (the configuration's, raised or lowered by `run --budget`), as `run` checks it.
  budget: resolveBudget(plan.config.budget),
  ...(plan.config.generation.numRecordsPerStep !== undefined
    ? { numRecordsPerStep: plan.config.generation.numRecordsPerStep }
    : {}),
});

/** checkPlan, answering the compiled plan too (for the run, its row counts and its executor). */
export async function checkPlanCompiling(
  plan: ResolvedPlan,
  docs: PlanDocuments,
  o: PlanCheckOptions = {},
): Promise<PlanCheck> {
  const skipTask = o.skipTask ?? (() => false);
  const partial = o.partial ?? false;
  const out: Diagnostic[] = [];
  const options = o.compileOptions ?? checkCompileOptions(plan);
  await loadPlanCode(plan);
  const compileWhole = (): { compiled: CompiledPlan } | { error: unknown } => {
    try {
      return { compiled: compilePlan(plan, options) };
    } catch (error) {
      return { error };
    }
  };
  // A run's plan is compiled once: as a whole first, its steps alone only when that fails.
  let whole = o.wholeFirst && !partial ? compileWhole() : undefined;
  const stepsAlone = whole === undefined || "error" in whole;
  const planFile = plan.sources[0];
  const report = (e: unknown, taskName: string | undefined, stepName: string | undefined) => {
    if (!isRowforgeError(e)) throw e;
    const file = (taskName && docs.taskFiles.get(taskName)) || planFile;
    const doc = file ? docs.documents.get(file) : undefined;
    // A step refused for several fields carries each field's problem: each is reported.
    const problems: readonly Pick<Diagnostic, "code" | "message" | "hint" | "location">[] =
      e.diagnostics.length > 0
        ? e.diagnostics
        : [
            {
              code: e.code,
              message: e.message,
              hint: e.hint,
              ...(e.location ? { location: e.location } : {}),
            },
          ];
    for (const p of problems) {
      const location: SourceLocation =
        (p.location?.file !== undefined ? p.location : undefined) ??
        (planFile ? foreignKeyLocation(plan, docs.documents.get(planFile), p.location?.path) : undefined) ??
        p.location ??
        (doc && stepName ? locateStep(doc, stepName, fieldOf(p.message, stepName)) : file ? { file } : {});
      out.push({
        severity: "error",
        code: p.code,
        message: p.message,
        location,
        ...(p.hint ? { hint: p.hint } : {}),
      });
    }
  };
  let stepErrors = 0;
  for (const s of plan.steps) {
    if (skipTask(s.taskName)) continue;
    const before = out.length;
    if (stepsAlone)
      try {
        // The step alone (no foreign keys): every step's own problems, not just the first one's.
        compilePlan(
          {
            ...plan,
            steps: [s],
            plan: { ...plan.plan, sinkOptions: { ...plan.plan.sinkOptions, foreignKeys: [] } },
          },
          options,
        );
      } catch (e) {
        report(e, s.taskName, s.step.name);
      }
    try {
      await checkStepRunnable(s);
    } catch (e) {
      report(e, s.taskName, s.step.name);
    }
    stepErrors += out.length - before;
  }
  let compiled: CompiledPlan | undefined;
  if (stepErrors === 0 && !partial) {
    // Then the whole plan, as `run` compiles it: foreign-key order, links, implied uniqueness.
    whole ??= compileWhole();
    if ("compiled" in whole) compiled = whole.compiled;
    else {
      report(whole.error, undefined, undefined);
      const last = out[out.length - 1];
      if (last && planFile && !last.location?.line) {
        const doc = docs.documents.get(planFile);
        const loc = doc?.locate(["sinkOptions", "foreignKeys"], "key");
        out[out.length - 1] = { ...last, location: { ...(loc ?? { file: planFile }), file: planFile } };
      }
    }
  }
  if (compiled) {
    // Which count wins where a parent decides a step's rows, at the step's count.records.
    out.push(
      ...countWarnings(compiled, (s) => {
        const file = docs.taskFiles.get(s.resolved.taskName) || planFile;
        const doc = file ? docs.documents.get(file) : undefined;
        return doc
          ? locateStep(doc, s.resolved.step.name, undefined, ["count", "records"])
          : file
            ? { file }
            : {};
      }),
    );
  }
  if (!partial && plan.config.flags.enableValidation)
    out.push(...(await checkValidations(plan, docs.documents, compiled)));
  return { diagnostics: out, ...(compiled ? { compiled } : {}) };
}

/**
 * Where the file writes a part of a foreign key that the engine refused at `path` of the plan
 * (`sinkOptions.foreignKeys[i].generate[j].fields[k]`: a field its step does not have once
 * the step's table or metadata source was read); undefined for other paths.
 */
function foreignKeyLocation(
  plan: ResolvedPlan,
  doc: SourceDocument | undefined,
  path: string | undefined,
): SourceLocation | undefined {
  const m = /^sinkOptions\.foreignKeys\[(\d+)\]\.(?:source|generate\[(\d+)\])\.fields\[(\d+)\]$/.exec(
    path ?? "",
  );
  if (!m || !doc) return undefined;
  const fk = plan.plan.sinkOptions.foreignKeys[Number(m[1])];
  const role: RelationRole = m[2] === undefined ? "source" : "generate";
  const rel = role === "source" ? fk?.source : fk?.generate[Number(m[2])];
  const at = rel ? findRelationPath(doc.value, rel, role) : undefined;
  if (!at) return undefined;
  const part = relationPartPath(doc.value, at, { field: Number(m[3]) });
  return {
    ...doc.locate(part, "value"),
    ...(doc.file === undefined ? {} : { file: doc.file }),
    path: formatPath(part),
  };
}

/** `field "a.b"` in an engine message (without a `dataSource.step.` prefix): the field the problem is in. */
function fieldOf(message: string, stepName: string): string | undefined {
  const f = /field "([^"]+)"/.exec(message)?.[1];
  if (f === undefined) return undefined;
  const at = f.indexOf(`${stepName}.`);
  return at >= 0 && (at === 0 || f[at - 1] === ".") ? f.slice(at + stepName.length + 1) : f;
}

/** A problem of one step, located where the step is written. */
export function stepDiagnostic(
  docs: PlanDocuments,
  plan: ResolvedPlan,
  s: ResolvedStep,
  e: StepProblem,
  severity: Diagnostic["severity"] = "error",
): Diagnostic {
  const file = docs.taskFiles.get(s.taskName) || plan.sources[0];
  const doc = file ? docs.documents.get(file) : undefined;
  return {
    severity,
    code: e.code,
    message: e.message,
    location: doc ? locateStep(doc, s.step.name) : file ? { file } : {},
    ...(e.hint ? { hint: e.hint } : {}),
  };
}
