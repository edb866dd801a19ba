import { randomUUID } from "node:crypto";
import { type GenerationBudget, resolveBudget } from "../../engine/index.ts";
import { isRowforgeError } from "../../errors/index.ts";
import { type Field, formatDataType, resolveFieldType } from "../../model/index.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";
import { transformBytes, transformRows } from "../transform/apply-transformation.ts";
import { type LoadedTransformation, loadTransformation } from "../transform/load-transformation.ts";
import type { SampleTask, StepOutput } from "./run-sample-task.ts";
import { problemsOf, SampleError } from "./sample-error.ts";
import { sampleFormatOf } from "./sample-output.ts";
import type { SamplingService } from "./sampling-service.ts";

/**
 * What the sample endpoints answer: samples generated and rendered as rows in the spec's
 * envelopes, or encoded as bytes of the step's format (the lookups are in sample-service.ts).
 */

export const DEFAULT_SAMPLE_SIZE = 10;
export const MAX_SAMPLE_SIZE = 100;

export interface SampleQuery {
  readonly size: number;
  readonly fastMode: boolean;
  readonly relationships: boolean;
}

export interface SampleMetadata {
  readonly sampleSize: number;
  readonly actualRecords: number;
  readonly generatedInMs: number;
  readonly fastModeEnabled: boolean;
  readonly relationshipsEnabled?: boolean;
}

export interface MultiSchemaSampleResponse {
  readonly success: true;
  readonly executionId: string;
  readonly samples: Record<string, unknown[]>;
  readonly metadata: SampleMetadata & { readonly relationshipsEnabled: boolean };
}

export interface SchemaField {
  readonly name: string;
  readonly type: string;
  readonly nullable: boolean;
  readonly fields?: readonly SchemaField[];
}

export interface SampleResponse {
  readonly success: true;
  readonly executionId: string;
  readonly schema: { readonly fields: readonly SchemaField[] };
  readonly sampleData: unknown[];
  readonly metadata: SampleMetadata;
  readonly format?: string;
}

export interface RawSample {
  readonly body: Buffer;
  readonly contentType: string;
}

const executionId = () => randomUUID().split("-")[0]!;
export const list = (names: Iterable<string>) => [...names].sort().join(", ") || "none";

export function schemaOf(fields: readonly Field[]): SchemaField[] {
  return fields
    .filter((f) => f.options.omit !== true)
    .map((f) => ({
      name: f.name,
      type: f.fields.length > 0 ? formatDataType(resolveFieldType(f)) : f.type,
      nullable: f.nullable,
      ...(f.fields.length > 0 ? { fields: schemaOf(f.fields) } : {}),
    }));
}

/**
 * The step's transformation (or its task's), loaded only from the transformations folder;
 * undefined at once (no promise) for the usual step without one.
 */
function transformationOf(
  svc: SamplingService,
  plan: ResolvedPlan,
  step: ResolvedStep,
): Promise<LoadedTransformation> | undefined {
  const t =
    step.step.transformation ?? plan.tasks.find((task) => task.name === step.taskName)?.transformation;
  if (!t?.enabled) return undefined;
  return loadTransformation(t, svc.transformationsFolder, `step "${step.step.name}"`);
}

async function transformedRows(
  svc: SamplingService,
  plan: ResolvedPlan,
  step: ResolvedStep,
  rows: Record<string, unknown>[],
  code: SampleError["code"],
): Promise<unknown[]> {
  try {
    const loading = transformationOf(svc, plan, step);
    return loading ? transformRows(await loading, rows) : rows;
  } catch (e) {
    if (isRowforgeError(e)) throw new SampleError(code, e.message, e.code, problemsOf(e));
    throw e;
  }
}

/** The server configuration's budget (never a plan's or a request's: they cannot raise it). */
const budgets = new WeakMap<object, GenerationBudget>();
export function serverBudget(svc: SamplingService): GenerationBudget {
  const config = svc.config.config;
  let b = budgets.get(config);
  if (!b) {
    b = resolveBudget(config.budget);
    budgets.set(config, b);
  }
  return b;
}

/**
 * Generates and renders a sample (inline when cheap, else in a worker under the time limit) and
 * maps engine errors, the time limit included, to the sample error of the endpoint.
 */
async function produce(
  svc: SamplingService,
  plan: ResolvedPlan,
  steps: readonly ResolvedStep[] | undefined,
  q: SampleQuery,
  code: SampleError["code"],
  output: SampleTask["output"],
): Promise<{ steps: StepOutput[]; ms: number }> {
  try {
    // Samples take the current minute as their reference time, so compiled expressions are reused between requests.
    const nowMicros = Math.floor(svc.now() / 60_000) * 60_000_000;
    return await svc.samples.run(
      plan,
      steps ?? plan.steps,
      {
        size: q.size,
        fastMode: q.fastMode,
        nowMicros,
        budget: serverBudget(svc),
      },
      output,
    );
  } catch (e) {
    if (isRowforgeError(e))
      throw new SampleError(
        code,
        e.code === "RF_BUDGET_EXCEEDED" ? `${e.message}; ${e.hint}` : e.message,
        e.code,
        problemsOf(e),
      );
    throw e;
  }
}

export const ROWS = { kind: "rows" } as const;
export const rowsOf = (out: StepOutput): Record<string, unknown>[] => ("rows" in out ? out.rows : []);

/** Several steps' rows, keyed by `keyOf`: the MultiSchemaSampleResponse envelope. */
export async function multi(
  svc: SamplingService,
  plan: ResolvedPlan,
  steps: readonly ResolvedStep[],
  q: SampleQuery,
  keyOf: (s: ResolvedStep) => string,
  code: SampleError["code"],
): Promise<MultiSchemaSampleResponse> {
  const produced = await produce(svc, plan, steps, q, code, ROWS);
  const out: Record<string, unknown[]> = {};
  let total = 0;
  for (const [i, step] of steps.entries()) {
    const rows = await transformedRows(svc, plan, step, rowsOf(produced.steps[i]!), code);
    out[keyOf(step)] = rows;
    total += rows.length;
  }
  const ms = produced.ms;
  return {
    success: true,
    executionId: executionId(),
    samples: out,
    metadata: {
      sampleSize: q.size,
      actualRecords: total,
      generatedInMs: ms,
      fastModeEnabled: q.fastMode,
      relationshipsEnabled: q.relationships,
    },
  };
}

/** One step's sample encoded in its format (transformation applied): the raw-bytes answer. */
export async function raw(
  svc: SamplingService,
  plan: ResolvedPlan,
  step: ResolvedStep,
  q: SampleQuery,
  code: SampleError["code"],
): Promise<RawSample> {
  const format = sampleFormatOf(step);
  const produced = await produce(svc, plan, [step], q, code, {
    kind: "raw",
    format,
    options: step.step.options,
  });
  try {
    const first = produced.steps[0]!;
    if (!("body" in first)) throw new SampleError(code, "the sample produced no bytes", "NoOutput");
    const body = Buffer.isBuffer(first.body)
      ? first.body
      : Buffer.from(first.body.buffer, first.body.byteOffset, first.body.byteLength);
    const encoded = { body, contentType: first.contentType };
    const loading = transformationOf(svc, plan, step);
    if (!loading) return encoded;
    const t = await loading;
    if (t.mode === "per-record" && (format === "parquet" || format === "orc")) {
      throw new SampleError(
        code,
        `a per-record transformation cannot apply to ${format} output`,
        "TransformationMode",
      );
    }
    return {
      body: Buffer.from(transformBytes(t, encoded.body, format === "csv")),
      contentType: encoded.contentType,
    };
  } catch (e) {
    if (isRowforgeError(e)) throw new SampleError(code, e.message, e.code, problemsOf(e));
    throw e;
  }
}

/** One step's rows and schema: the SampleResponse envelope. */
export async function envelope(
  svc: SamplingService,
  plan: ResolvedPlan,
  step: ResolvedStep,
  q: SampleQuery,
  code: SampleError["code"],
  format?: string,
): Promise<SampleResponse> {
  const produced = await produce(svc, plan, [step], q, code, ROWS);
  const ms = produced.ms;
  const rows = await transformedRows(svc, plan, step, rowsOf(produced.steps[0]!), code);
  return {
    success: true,
    executionId: executionId(),
    schema: { fields: schemaOf(step.step.fields) },
    sampleData: rows,
    metadata: {
      sampleSize: q.size,
      actualRecords: rows.length,
      generatedInMs: ms,
      fastModeEnabled: q.fastMode,
    },
    ...(format ? { format } : {}),
  };
}
