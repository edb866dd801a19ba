import { MAX_SOURCE_BYTES, readInlineFields, readTaskText, taskAsPlan } from "../../config/index.ts";
import { raiseHint } from "../../engine/index.ts";
import { didYouMean, isRowforgeError } from "../../errors/index.ts";
import type { Task } from "../../model/index.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";
import { type Lru, lru } from "../../util/lru.ts";
import { nestsDeeperThan } from "../../util/value-depth.ts";
import { loadFolders } from "../catalog/service-config.ts";
import { OUTPUT_KINDS } from "../output-kinds.ts";
import { readSchemas } from "../schemas/read-schemas.ts";
import {
  envelope,
  list,
  type MultiSchemaSampleResponse,
  multi,
  type RawSample,
  raw,
  type SampleQuery,
  type SampleResponse,
  serverBudget,
} from "./sample-envelopes.ts";
import { problemsOf, SampleError, sampleProblem } from "./sample-error.ts";
import { sampleFormatOf } from "./sample-output.ts";
import type { SamplingService } from "./sampling-service.ts";

async function findPlanOrFail(svc: SamplingService, planName: string) {
  let found: Awaited<ReturnType<SamplingService["findPlan"]>>;
  try {
    found = await svc.findPlan(planName);
  } catch (e) {
    if (isRowforgeError(e)) throw new SampleError("GENERATION_ERROR", e.message, e.code, problemsOf(e));
    throw e;
  }
  if (!found) {
    const names = (await svc.listPlans()).map((p) => p.plan.name);
    const near = didYouMean(planName, names);
    throw new SampleError(
      "GENERATION_ERROR",
      `Plan not found: ${planName} (searched in JSON and YAML sources)${near ? `; ${near}` : ""}. Available plans: ${list(names)}`,
      "PlanNotFound",
    );
  }
  // Database steps without fields are sampled with the columns of their tables.
  try {
    return (await readSchemas(found.plan, { onlyWhenNeeded: true, access: svc.access })).plan;
  } catch (e) {
    if (isRowforgeError(e)) throw new SampleError("GENERATION_ERROR", e.message, e.code, problemsOf(e));
    throw e;
  }
}

function taskSteps(plan: ResolvedPlan, taskName: string): ResolvedStep[] {
  const steps = plan.steps.filter((s) => s.taskName === taskName);
  if (steps.length === 0) {
    const names = new Set(plan.plan.tasks.map((t) => t.name));
    throw new SampleError(
      "GENERATION_ERROR",
      `Task '${taskName}' not found in plan '${plan.plan.name}'. Available: ${list(names)}`,
      "TaskNotFound",
    );
  }
  return steps;
}

export async function samplePlan(
  svc: SamplingService,
  planName: string,
  q: SampleQuery,
): Promise<MultiSchemaSampleResponse> {
  const plan = await findPlanOrFail(svc, planName);
  return multi(svc, plan, plan.steps, q, (s) => `${plan.plan.name}/${s.step.name}`, "GENERATION_ERROR");
}

export async function samplePlanTask(
  svc: SamplingService,
  planName: string,
  taskName: string,
  q: SampleQuery,
): Promise<MultiSchemaSampleResponse> {
  const plan = await findPlanOrFail(svc, planName);
  return multi(
    svc,
    plan,
    taskSteps(plan, taskName),
    q,
    (s) => `${plan.plan.name}/${s.step.name}`,
    "GENERATION_ERROR",
  );
}

export async function samplePlanTaskStep(
  svc: SamplingService,
  planName: string,
  taskName: string,
  stepName: string,
  q: SampleQuery,
): Promise<RawSample> {
  const plan = await findPlanOrFail(svc, planName);
  const steps = taskSteps(plan, taskName);
  const step = steps.find((s) => s.step.name === stepName);
  if (!step) {
    throw new SampleError(
      "GENERATION_ERROR",
      `Step '${stepName}' not found in task '${taskName}'. Available steps: ${list(steps.map((s) => s.step.name))}`,
      "StepNotFound",
    );
  }
  return raw(svc, plan, step, q, "GENERATION_ERROR");
}

/** The tasks of the configured task folder. */
async function folderTasks(svc: SamplingService): Promise<ReadonlyMap<string, Task>> {
  return (await loadFolders(svc.config, svc.env, svc.cwd)).tasks;
}

export async function sampleTask(
  svc: SamplingService,
  taskName: string,
  q: SampleQuery,
): Promise<MultiSchemaSampleResponse> {
  const tasks = await folderTasks(svc);
  const task = tasks.get(taskName);
  if (!task) {
    const near = didYouMean(taskName, tasks.keys());
    throw new SampleError(
      "TASK_SAMPLE_ERROR",
      `Task '${taskName}' not found in task folder: ${svc.config.taskFolder ?? "(none configured)"}${near ? `; ${near}` : ""}. Available tasks: ${list(tasks.keys())}`,
      "TaskNotFound",
    );
  }
  if (q.relationships) {
    // A plan that lists the task gives its foreign keys (the first by name).
    for (const name of await svc.plansListingTask(taskName)) {
      const found = await svc.findPlan(name).catch(() => undefined);
      const steps = found?.plan.steps.filter((s) => s.taskName === taskName) ?? [];
      if (found && steps.length > 0)
        return multi(svc, found.plan, steps, q, (s) => s.step.name, "TASK_SAMPLE_ERROR");
    }
  }
  const { plan } = taskAsPlan({
    outputKinds: OUTPUT_KINDS,
    task,
    connections: await svc.connections(),
    config: svc.config.config,
  });
  return multi(svc, plan, plan.steps, q, (s) => s.step.name, "TASK_SAMPLE_ERROR");
}

export async function sampleStep(svc: SamplingService, stepName: string, q: SampleQuery): Promise<RawSample> {
  const tasks = await folderTasks(svc);
  const all: string[] = [];
  for (const task of [...tasks.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    for (const s of task.steps) all.push(s.name);
    if (!task.steps.some((s) => s.name === stepName)) continue;
    const { plan } = taskAsPlan({
      outputKinds: OUTPUT_KINDS,
      task,
      connections: await svc.connections(),
      config: svc.config.config,
    });
    const step = plan.steps.find((s) => s.step.name === stepName);
    if (step) return raw(svc, plan, step, q, "STEP_SAMPLE_ERROR");
  }
  const near = didYouMean(stepName, all);
  throw new SampleError(
    "STEP_SAMPLE_ERROR",
    `Step '${stepName}' not found in any task${near ? `; ${near}` : ""}. Available steps: ${list(all)}`,
    "StepNotFound",
  );
}

export interface SchemaSampleBody {
  readonly fields: readonly unknown[];
  readonly format?: string;
  readonly sampleSize?: number;
  readonly fastMode?: boolean;
}

/** Resolved plans of schema bodies, per configuration: a previewing client sends the same schema again and again. */
const schemaPlans = new WeakMap<object, Lru<ResolvedPlan>>();
/**
 * The same by body object, per configuration, for frozen bodies only (the HTTP layer reuses the
 * frozen body of a repeated request text): a repeat then costs one lookup, no key to build.
 */
const frozenBodyPlans = new WeakMap<object, WeakMap<SchemaSampleBody, ResolvedPlan>>();

function schemaPlan(svc: SamplingService, body: SchemaSampleBody): ResolvedPlan {
  const config = svc.config.config;
  const frozen = Object.isFrozen(body) && Object.isFrozen(body.fields);
  let byBody = frozen ? frozenBodyPlans.get(config) : undefined;
  const known = byBody?.get(body);
  if (known) return known;
  const plan = schemaPlanByText(svc, body);
  if (frozen) {
    if (!byBody) {
      byBody = new WeakMap();
      frozenBodyPlans.set(config, byBody);
    }
    byBody.set(body, plan);
  }
  return plan;
}

function schemaPlanByText(svc: SamplingService, body: SchemaSampleBody): ResolvedPlan {
  const config = svc.config.config;
  // Each level of nested fields is two JSON levels (the field, its `fields` list), options add a few.
  const { maxNestingDepth } = serverBudget(svc);
  const jsonDepth = 2 * maxNestingDepth + 8;
  if (nestsDeeperThan(body.fields, jsonDepth)) {
    throw new SampleError(
      "INVALID_SCHEMA",
      `the fields nest more than ${jsonDepth} JSON levels deep: deeper than the generation budget maxNestingDepth = ${maxNestingDepth} allows; ${raiseHint("maxNestingDepth")}`,
      "RF_BUDGET_EXCEEDED",
    );
  }
  let plans = schemaPlans.get(config);
  if (!plans) {
    plans = lru(64);
    schemaPlans.set(config, plans);
  }
  return plans.get(`${body.format ?? ""}\u0000${JSON.stringify(body.fields)}`, () => {
    const { fields, diagnostics } = readInlineFields(body, body.format ?? "json");
    const errors = diagnostics.filter((d) => d.severity === "error");
    if (errors.length > 0) {
      const first = errors[0]!;
      throw new SampleError(
        "INVALID_SCHEMA",
        `${first.message}${first.location?.path ? ` (at ${first.location.path})` : ""}${first.hint ? `; ${first.hint}` : ""}`,
        first.code,
      );
    }
    const task: Task = {
      name: "schema",
      steps: [{ name: "schema", type: body.format ?? "json", options: {}, count: {}, fields, enabled: true }],
    };
    return taskAsPlan({ outputKinds: OUTPUT_KINDS, task, connections: new Map(), config }).plan;
  });
}

/** POST /sample/schema: inline fields; raw bytes when `format` is given, the SampleResponse envelope otherwise. */
export async function sampleSchema(
  svc: SamplingService,
  body: SchemaSampleBody,
  q: SampleQuery,
): Promise<RawSample | SampleResponse> {
  const plan = schemaPlan(svc, body);
  if (body.format !== undefined) return raw(svc, plan, plan.steps[0]!, q, "INVALID_SCHEMA");
  return envelope(svc, plan, plan.steps[0]!, q, "INVALID_SCHEMA");
}

/** A task written as YAML text: the whole task (keys = step names) or one step (`stepName`). */
export async function sampleTaskYamlText(
  svc: SamplingService,
  yamlText: string,
  stepName: string | undefined,
  q: SampleQuery,
  source = "request",
  /** Without a stepName, sample the task's first step (a SampleResponse) rather than every step. */
  firstStepWhenNone = false,
  /** The plan request the task is edited in (POST /plan's body): its steps are sampled as its run writes them. */
  planRequest?: unknown,
): Promise<MultiSchemaSampleResponse | SampleResponse> {
  const read = readTaskText(yamlText, source, svc.env);
  if (read.kind === "syntax") {
    const syntax = read.diagnostic;
    const code = syntax?.code === "RF_YAML_SYNTAX" ? "YAML_PARSE_ERROR" : "INVALID_YAML";
    const where = syntax?.location?.line
      ? ` at line ${syntax.location.line}${syntax.location.column ? `, column ${syntax.location.column}` : ""}`
      : "";
    throw new SampleError(
      code,
      `${syntax?.message ?? "the YAML cannot be read"}${where}`,
      syntax?.code ?? "RF_YAML_SYNTAX",
      syntax ? [sampleProblem(syntax)] : [],
    );
  }
  const { task, diagnostics } = read;
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (!task || errors.length > 0) {
    const first = errors[0];
    throw new SampleError(
      "INVALID_YAML",
      first
        ? `${first.message}${first.location?.line ? ` (line ${first.location.line}${first.location.path ? `, ${first.location.path}` : ""})` : ""}`
        : "a task YAML has a name and steps",
      first?.code ?? "RF_STRUCTURE",
      errors.map(sampleProblem),
    );
  }
  const plan =
    (planRequest === undefined ? undefined : await planListing(svc, planRequest, task.name)) ??
    taskAsPlan({
      outputKinds: OUTPUT_KINDS,
      task,
      connections: await svc.connections(),
      config: svc.config.config,
    }).plan;
  const steps = plan.steps.filter((s) => s.taskName === task.name);
  if (stepName === undefined && !firstStepWhenNone)
    return multi(svc, plan, steps, q, (s) => s.step.name, "INVALID_YAML");
  const step = stepName === undefined ? steps[0] : steps.find((s) => s.step.name === stepName);
  if (!step) {
    throw new SampleError(
      "STEP_NOT_FOUND",
      `Step '${stepName}' not found in the task YAML. Available steps: ${list(steps.map((s) => s.step.name))}`,
      "StepNotFound",
    );
  }
  return envelope(svc, plan, step, q, "INVALID_YAML", sampleFormatOf(step));
}

/**
 * The plan a task is edited in, resolved as a run resolves it, when it loads without errors and
 * lists the task; undefined otherwise (the task is then sampled on its own: a plan still being
 * written does not stop the preview, its problems are the save's to tell).
 */
async function planListing(
  svc: SamplingService,
  request: unknown,
  taskName: string,
): Promise<ResolvedPlan | undefined> {
  let resolved: Awaited<ReturnType<SamplingService["resolveRequest"]>>;
  try {
    resolved = await svc.resolveRequest(request);
  } catch (e) {
    if (isRowforgeError(e)) return undefined;
    throw e;
  }
  const { plan, diagnostics } = resolved;
  if (!plan || diagnostics.some((d) => d.severity === "error")) return undefined;
  return plan.steps.some((s) => s.taskName === taskName) ? plan : undefined;
}

/**
 * POST /sample/task-file: a task file read through the access rules (the server: its data,
 * task, plan and validation folders). A file outside them and a file that does not exist get
 * the same answer: the endpoint says nothing about what is on the server's disk.
 */
export async function sampleTaskFile(
  svc: SamplingService,
  path: string,
  stepName: string | undefined,
  q: SampleQuery,
): Promise<MultiSchemaSampleResponse | SampleResponse> {
  if (!/\.ya?ml$/i.test(path))
    throw new SampleError("INVALID_REQUEST", "taskYamlPath must name a .yaml or .yml file", "NotYaml");
  let doc: { text: string; path: string };
  try {
    doc = await svc.access.readText(path, "taskYamlPath", MAX_SOURCE_BYTES);
  } catch (e) {
    if (!isRowforgeError(e)) throw e;
    if (e.code === "RF_PATH_NOT_ALLOWED" || e.code === "RF_FILE_NOT_FOUND")
      throw new SampleError(
        "INVALID_REQUEST",
        `taskYamlPath ${path} is not a task file this server can read: name a .yaml file in its task, plan or data folders`,
        "FileNotFound",
      );
    const why =
      e.code === "RF_FILE_NOT_REGULAR"
        ? "NotRegularFile"
        : e.code === "RF_FILE_TOO_LARGE"
          ? "FileTooLarge"
          : "FileNotReadable";
    throw new SampleError("INVALID_REQUEST", e.message, why);
  }
  // A link inside the folders to a file of another kind is not a task file either.
  if (!/\.ya?ml$/i.test(doc.path))
    throw new SampleError("INVALID_REQUEST", "taskYamlPath must name a .yaml or .yml file", "NotYaml");
  // The spec answers a SampleResponse: the chosen step, else the task's first step.
  return sampleTaskYamlText(svc, doc.text, stepName, q, doc.path, true);
}
