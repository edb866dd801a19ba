import { randomUUID } from "node:crypto";
import { Piscina } from "piscina";
import type { ResourceAccess } from "../../access/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";
import { stepIdOf } from "../../model/step-id.ts";
import { workerUrl } from "../../util/worker-url.ts";
import { loadReferences } from "../schemas/load-references.ts";
import type { SampleOptions } from "./generate-sample.ts";
import { renderSample, type SampleTask, type SampleTaskResult, type StepOutput } from "./run-sample-task.ts";
import { isCheapSample } from "./sample-cost.ts";

export const DEFAULT_SAMPLE_TIME_LIMIT_MS = 10_000;

export interface SampleRunner {
  readonly timeLimitMs: number;
  /**
   * Generates and renders a sample: inline when it is cheap by estimate (the usual preview), else
   * in a worker thread that is ended at the time limit (RowforgeError RF_SAMPLE_TIME_LIMIT), so a
   * slow sample never holds the server. Engine errors are RowforgeErrors with their own codes.
   */
  run(
    plan: ResolvedPlan,
    chosen: readonly ResolvedStep[],
    options: SampleOptions,
    output: SampleTask["output"],
  ): Promise<{ ms: number; steps: StepOutput[] }>;
  /** Starts a worker now, so the first slow sample does not wait for one (serve calls it). */
  warm(): void;
  close(): Promise<void>;
}

/** Sample workers: up to two, kept warm a minute after use, each with a bounded heap. */
export function createSampleRunner(
  access: ResourceAccess,
  timeLimitMs = DEFAULT_SAMPLE_TIME_LIMIT_MS,
): SampleRunner {
  let pool: Piscina | undefined;
  const keys = new WeakMap<ResolvedPlan, string>();
  const keyOf = (plan: ResolvedPlan): string => {
    let key = keys.get(plan);
    if (key === undefined) {
      key = randomUUID();
      keys.set(plan, key);
    }
    return key;
  };
  const workers = (): Piscina =>
    (pool ??= new Piscina({
      filename: workerUrl("sample", import.meta.url),
      minThreads: 1,
      maxThreads: 2,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: 2048 },
    }));
  const inWorker = async (task: SampleTask): Promise<SampleTaskResult> => {
    const signal = AbortSignal.timeout(timeLimitMs);
    try {
      return (await workers().run(task, { signal })) as SampleTaskResult;
    } catch (e) {
      if (signal.aborted) {
        throw new RowforgeError(
          "RF_SAMPLE_TIME_LIMIT",
          `the sample took longer than the time limit of ${timeLimitMs / 1000} s and was stopped`,
        );
      }
      const code = (e as { code?: unknown }).code;
      if (code === "ERR_WORKER_OUT_OF_MEMORY") {
        throw new RowforgeError(
          "RF_SAMPLE_TOO_LARGE",
          "the sample needed more memory than allowed (2 GB) and was stopped",
        );
      }
      throw e;
    }
  };
  return {
    timeLimitMs,
    async run(plan, chosen, givenOptions, output) {
      // A child of reference data samples from the existing rows, read here (async I/O) first.
      const options = {
        ...givenOptions,
        references: await loadReferences(plan, access, chosen.map(stepIdOf)),
      };
      const result = isCheapSample(chosen, options.size, options.fastMode)
        ? await renderSample(plan, chosen, options, output)
        : await inWorker({
            planKey: keyOf(plan),
            plan,
            steps: chosen.map((s) => plan.steps.indexOf(s)),
            options,
            output,
          });
      if (!result.ok) throw new RowforgeError(result.code, result.message);
      return { ms: result.ms, steps: result.steps };
    },
    warm() {
      workers();
    },
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
