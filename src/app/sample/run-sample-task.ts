import { loadPlanCode } from "../../engine/index.ts";
import { type ErrorCode, isRowforgeError } from "../../errors/index.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";
import { type Lru, lru } from "../../util/lru.ts";
import { generateSample, type SampleOptions } from "./generate-sample.ts";
import { encodeSample, sampleRows } from "./sample-output.ts";

/** A sample to compute off the main thread: plain data, cheap to send. */
export interface SampleTask {
  /** Identifies the plan object, so a worker keeps its compiled plan between requests. */
  readonly planKey: string;
  readonly plan: ResolvedPlan;
  /** Indexes into plan.steps. */
  readonly steps: readonly number[];
  readonly options: SampleOptions;
  /** Rows as JSON objects (the envelopes), or one step's bytes in a format (raw samples). */
  readonly output:
    | { readonly kind: "rows" }
    | { readonly kind: "raw"; readonly format: string; readonly options: Readonly<Record<string, string>> };
}

export type StepOutput =
  | { readonly rows: Record<string, unknown>[] }
  | { readonly body: Uint8Array; readonly contentType: string };

export type SampleTaskResult =
  | { readonly ok: true; readonly ms: number; readonly steps: StepOutput[] }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

/** The plans a worker has seen, by key: the same object each time, so its compiled plans are reused. */
const plans: Lru<ResolvedPlan> = lru(16);

/** What a sample worker does with a task. Engine errors come back as data (they lose their class crossing threads). */
export function runSampleTask(task: SampleTask): Promise<SampleTaskResult> {
  const plan = plans.get(task.planKey, () => task.plan);
  return renderSample(
    plan,
    task.steps.map((i) => plan.steps[i]!),
    task.options,
    task.output,
  );
}

/** Generates and renders a sample: the same code inline and in a worker. */
export async function renderSample(
  plan: ResolvedPlan,
  chosen: readonly ResolvedStep[],
  options: SampleOptions,
  output: SampleTask["output"],
): Promise<SampleTaskResult> {
  const started = performance.now();
  try {
    await loadPlanCode(plan);
    const samples = generateSample(plan, chosen, options);
    const ms = Math.round(performance.now() - started);
    const out: StepOutput[] = [];
    for (const s of samples) {
      if (output.kind === "rows") out.push({ rows: await sampleRows(s.batch) });
      else out.push(await encodeSample(s.batch, output.format, output.options));
    }
    return { ok: true, ms, steps: out };
  } catch (e) {
    if (isRowforgeError(e)) return { ok: false, code: e.code, message: e.message };
    throw e;
  }
}
