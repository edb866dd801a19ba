import type { ResourceAccess } from "../../access/index.ts";
import { type ProjectLoad, taskAsPlan } from "../../config/index.ts";
import { type Diagnostic, isRowforgeError } from "../../errors/index.ts";
import {
  hasSuiteEntries,
  type MetadataStepReport,
  metadataDocuments,
  withSuiteEntries,
} from "../../metadata/index.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { ValidationConfig } from "../../model/validation.ts";
import { validationsPlan } from "../../quality/index.ts";
import { OUTPUT_KINDS } from "../output-kinds.ts";
import type { StepSchema } from "../schemas/read-schemas.ts";
import { checkPlan } from "./check-plan.ts";
import { checkValidations } from "./check-validations.ts";
import { type PreflightOptions, preflightPlan } from "./preflight-plan.ts";

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
export async function checkProject(load: ProjectLoad): Promise<Diagnostic[]> {
  const out = new DiagnosticList();
  for (const p of projectPlans(load)) out.add(await checkOne(load, p));
  out.add(await checkLooseValidations(load));
  return out.list;
}

/** Validation files no plan uses (what `check` runs on its own): their expressions must parse. */
async function checkLooseValidations(
  load: ProjectLoad,
  loose = looseValidations(load),
): Promise<Diagnostic[]> {
  if (loose.length === 0) return [];
  return await checkValidations(validationsPlan(loose, load.config, []), load.documents, undefined);
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
  return [...problems, ...(await checkLooseValidations(load, expanded))];
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
    // The pre-run check of `run`, reporting every problem: database steps without fields read
    // from their tables, every step compiled, the tables and transformations `run` needs.
    const checked = await preflightPlan(p.plan, load, access, {
      ...options,
      everyProblem: true,
      ...skipping(load, p),
    });
    if (checked.reading?.steps.length) schemas.push({ plan: p.plan.plan.name, steps: checked.reading.steps });
    if (checked.reading?.metadata) metadata.push({ plan: p.plan.plan.name, steps: checked.reading.metadata });
    out.add(asLoose(p, checked.diagnostics));
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

async function checkOne(load: ProjectLoad, p: ProjectPlan): Promise<Diagnostic[]> {
  const { skipTask, partial } = skipping(load, p);
  return asLoose(p, await checkPlan(p.plan, load, skipTask, partial));
}

/**
 * Steps of files with load errors are not compiled (that would repeat what is reported); the
 * others are, so every problem is reported at once.
 */
function skipping(
  load: ProjectLoad,
  { plan, files }: ProjectPlan,
): { skipTask: (taskName: string) => boolean; partial: boolean } {
  const hasErrorsIn = (file: string) =>
    load.diagnostics.some((d) => d.severity === "error" && d.location?.file === file);
  const planFile = plan.sources[0];
  const bad = new Set([...files].filter(hasErrorsIn));
  const skipTask = (taskName: string) => {
    const f = load.taskFiles.get(taskName) ?? planFile;
    return f !== undefined && bad.has(f);
  };
  return { skipTask, partial: bad.size > 0 };
}

/** A task file given on its own is bound to no connection yet: that its steps have none is a warning. */
const asLoose = ({ loose }: ProjectPlan, found: readonly Diagnostic[]): Diagnostic[] =>
  loose
    ? found.map((d) => (d.code === "RF_CONNECTION_MISSING" ? { ...d, severity: "warning" } : d))
    : [...found];

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
