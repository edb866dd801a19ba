import type { ResourceAccess } from "../../access/index.ts";
import { type ProjectLoad, taskAsPlan } from "../../config/index.ts";
import { findConnector } from "../../connectors/registry.ts";
import { type Diagnostic, isRowforgeError, RowforgeError } from "../../errors/index.ts";
import {
  hasSuiteEntries,
  type MetadataStepReport,
  metadataDocuments,
  withSuiteEntries,
} from "../../metadata/index.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";
import { stepIdOf } from "../../model/step.ts";
import type { ValidationConfig } from "../../model/validation.ts";
import { validationsPlan } from "../../quality/index.ts";
import { OUTPUT_KINDS } from "../output-kinds.ts";
import { readSchemas, type StepSchema, schemaWarnings } from "../schemas/read-schemas.ts";
import { checkTransformations } from "../transform/check-transformations.ts";
import { checkDatabaseTargets } from "./check-database-targets.ts";
import { checkPlan, stepDiagnostic } from "./check-plan.ts";
import { checkValidations } from "./check-validations.ts";
import { locateStep } from "./locate-step.ts";
import type { PreflightOptions } from "./preflight-plan.ts";

/** A plan `validate` dry-runs, with the files its steps come from. */
interface ProjectPlan {
  readonly plan: ResolvedPlan;
  readonly files: ReadonlySet<string>;
  /**
   * A task file given on its own: bound to no connection yet (a plan or unified file binds it),
   * so that its steps have none is a warning (RF_CONNECTION_MISSING); `run` of it alone refuses.
   */
  readonly loose?: boolean;
}

/**
 * `validate`'s dry run over everything loaded: each plan that loaded without errors in its
 * own files is compiled as `run` compiles it, and so is each task file given on its own
 * that no plan uses (what `rowforge run task.yaml` would run). Returns the new problems.
 */
export function checkProject(load: ProjectLoad): Diagnostic[] {
  const out = new DiagnosticList();
  for (const p of projectPlans(load)) out.add(checkOne(load, p));
  out.add(checkLooseValidations(load));
  return out.list;
}

/** Validation files no plan uses (what `check` runs on its own): their expressions must parse. */
function checkLooseValidations(load: ProjectLoad, loose = looseValidations(load)): Diagnostic[] {
  if (loose.length === 0) return [];
  return checkValidations(validationsPlan(loose, load.config, []), load.documents, undefined);
}

/** Validation files no plan of the project names. */
function looseValidations(load: ProjectLoad): ValidationConfig[] {
  const used = new Set(load.plans.flatMap((p) => p.validations.map((v) => v.name)));
  return [...load.validations.values()].filter((v) => !used.has(v.name));
}

/**
 * checkLooseValidations with the Great Expectations suites their entries name read first, as
 * `check` reads them: a suite that cannot be read, or holds an expectation rowforge does not
 * run, is a problem at its validation file.
 */
async function checkLooseValidationsReadingSuites(
  load: ProjectLoad,
  access: ResourceAccess,
): Promise<Diagnostic[]> {
  const problems: Diagnostic[] = [];
  const expanded: ValidationConfig[] = [];
  for (const v of looseValidations(load)) {
    if (!hasSuiteEntries([v])) {
      expanded.push(v);
      continue;
    }
    const file = load.validationFiles.get(v.name);
    try {
      expanded.push(...(await withSuiteEntries([v], metadataDocuments(file ? [file] : [], access))));
    } catch (e) {
      if (!isRowforgeError(e)) throw e;
      problems.push({
        severity: "error",
        code: e.code,
        message: e.message,
        location: file ? { file } : {},
        ...(e.hint ? { hint: e.hint } : {}),
      });
    }
  }
  return [...problems, ...checkLooseValidations(load, expanded)];
}

/** What `validate` read from the databases: per plan, the steps whose fields came from their tables. */
export interface ProjectSchemas {
  readonly diagnostics: Diagnostic[];
  readonly schemas: readonly { readonly plan: string; readonly steps: readonly StepSchema[] }[];
  /** Per plan, the steps whose fields came from a metadata source. */
  readonly metadata: readonly { readonly plan: string; readonly steps: readonly MetadataStepReport[] }[];
}

/**
 * checkProject, with the fields of database steps that have none read from their tables first
 * (as `run` reads them): what was read is returned for `validate` to print, and a table or
 * server that cannot be read is a problem located at the step.
 */
export async function checkProjectReadingSchemas(
  load: ProjectLoad,
  access: ResourceAccess,
  options: PreflightOptions = {},
): Promise<ProjectSchemas> {
  const out = new DiagnosticList();
  const schemas: { plan: string; steps: readonly StepSchema[] }[] = [];
  const metadata: { plan: string; steps: readonly MetadataStepReport[] }[] = [];
  for (const p of projectPlans(load)) {
    try {
      // A step whose metadata source cannot be read is reported at the step; the others are checked.
      const unread = new Map<string, RowforgeError>();
      const key = (s: ResolvedStep) => `${s.taskName}\u0000${s.step.name}`;
      const read = await readSchemas(p.plan, {
        onlyWhenNeeded: true,
        access,
        onMetadataError: (s, e) => unread.set(key(s), e),
      });
      if (read.steps.length > 0) schemas.push({ plan: p.plan.plan.name, steps: read.steps });
      if (read.metadata) metadata.push({ plan: p.plan.plan.name, steps: read.metadata });
      for (const s of p.plan.steps) {
        const e = unread.get(key(s));
        if (e) out.add([stepDiagnostic(load, p.plan, s, e)]);
      }
      // CHECK constraints the generated rows may break: the database will refuse those rows.
      for (const s of read.steps) {
        const step = p.plan.steps.find((x) => stepIdOf(x) === s.id);
        for (const warning of schemaWarnings([s]))
          if (step)
            out.add([
              stepDiagnostic(
                load,
                p.plan,
                step,
                new RowforgeError("RF_DB_CHECK_NOT_HONOURED", warning),
                "warning",
              ),
            ]);
      }
      const readable = { ...read.plan, steps: read.plan.steps.filter((s) => !unread.has(key(s))) };
      out.add(checkOne(load, { ...p, plan: readable }, undefined, unread.size > 0));
      // The tables and columns the steps write, as `run` checks them before writing.
      out.add(
        await checkDatabaseTargets(readable, access, (s, e, severity) =>
          stepDiagnostic(load, p.plan, s, e, severity),
        ),
      );
      // The transformations `run` loads before it writes.
      if (options.transformations !== undefined)
        for (const { step, error } of await checkTransformations(readable, options.transformations))
          out.add([stepDiagnostic(load, p.plan, step, error)]);
    } catch (e) {
      if (!isRowforgeError(e)) throw e;
      // The step the message names, else the first that needed its table.
      const unread = p.plan.steps.filter(
        (s) => s.step.fields.length === 0 && findConnector(s.format)?.describe,
      );
      const named = unread.find((s) => e.message.includes(`step "${s.step.name}"`)) ?? unread[0];
      const file = (named && load.taskFiles.get(named.taskName)) || p.plan.sources[0];
      const doc = file ? load.documents.get(file) : undefined;
      out.add([
        {
          severity: "error",
          code: e.code,
          message: e.message,
          location: doc && named ? locateStep(doc, named.step.name) : file ? { file } : {},
          hint: e.hint,
        },
      ]);
      // The other steps are still checked; those without fields would only repeat the problem.
      const skipped = new Set(unread.map((s) => s.taskName));
      out.add(checkOne(load, p, (t) => skipped.has(t), true));
    }
  }
  out.add(await checkLooseValidationsReadingSuites(load, access));
  return { diagnostics: out.list, schemas, metadata };
}

/** Problems, each once. */
class DiagnosticList {
  readonly list: Diagnostic[] = [];
  private readonly seen = new Set<string>();
  add(ds: readonly Diagnostic[]): void {
    for (const d of ds) {
      const key = `${d.location?.file}:${d.location?.line}:${d.code}:${d.message}`;
      if (!this.seen.has(key)) this.list.push(d);
      this.seen.add(key);
    }
  }
}

function checkOne(
  load: ProjectLoad,
  { plan, files, loose }: ProjectPlan,
  skipAlso: (taskName: string) => boolean = () => false,
  partial = false,
): Diagnostic[] {
  const hasErrorsIn = (file: string) =>
    load.diagnostics.some((d) => d.severity === "error" && d.location?.file === file);
  // Steps of files with load errors are not compiled (that would repeat what is reported);
  // the others are, so every problem is reported at once.
  const planFile = plan.sources[0];
  const bad = new Set([...files].filter(hasErrorsIn));
  const skip = (taskName: string) => {
    if (skipAlso(taskName)) return true;
    const f = load.taskFiles.get(taskName) ?? planFile;
    return f !== undefined && bad.has(f);
  };
  const found = checkPlan(plan, load, skip, partial || bad.size > 0);
  return loose
    ? found.map((d) => (d.code === "RF_CONNECTION_MISSING" ? { ...d, severity: "warning" } : d))
    : found;
}

/** Each plan loaded, and each task file given on its own that no plan uses. */
function projectPlans(load: ProjectLoad): ProjectPlan[] {
  const out: ProjectPlan[] = [];
  const usedTasks = new Set<string>();
  for (const plan of load.plans) {
    const files = new Set(plan.sources.slice(0, 1));
    for (const t of plan.tasks) {
      usedTasks.add(t.name);
      const f = load.taskFiles.get(t.name);
      if (f) files.add(f);
    }
    out.push({ plan, files });
  }
  const given = new Set(load.files.map((f) => f.path));
  for (const [name, task] of load.tasks) {
    const file = load.taskFiles.get(name);
    if (usedTasks.has(name) || !file || !given.has(file)) continue;
    const r = taskAsPlan({
      outputKinds: OUTPUT_KINDS,
      task,
      connections: load.connections,
      config: load.config,
      source: file,
    });
    if (r.diagnostics.some((d) => d.severity === "error")) continue;
    out.push({ plan: r.plan, files: new Set([file]), loose: true });
  }
  return out;
}
