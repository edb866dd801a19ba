import { type RecordBatch, tableFromIPC } from "apache-arrow";
import { executorFactory } from "../app/executors.ts";
import { runFacts } from "../app/run-facts.ts";
import { DEFAULT_BATCH_SIZE } from "../app/runs/batch-sizes.ts";
import { sampleRows } from "../app/sample/sample-output.ts";
import { chosenSteps } from "../app/sample/sample-steps.ts";
import { loadReferences } from "../app/schemas/load-references.ts";
import { compilePlan, generateStep, loadPlanCode } from "../engine/index.ts";
import { RowforgeError } from "../errors/index.ts";
import { stepIdOf } from "../model/step-id.ts";
import { loadPlanInput, type PlanInput, type PlanSourceOptions } from "./load-plan-input.ts";
import { nowMicrosOf, type Reference } from "./reference-time.ts";

export interface GenerateOptions extends PlanSourceOptions, Reference {
  /** The step whose rows to make; default the plan's first enabled step. */
  readonly step?: string;
  /** The seed; default the plan's, else a random one. */
  readonly seed?: string | number;
  /** Rows per Arrow record batch; default the run's (DEFAULT_BATCH_SIZE). */
  readonly batchSize?: number;
  /** Worker threads; 0 makes every batch in the calling thread; default: inline for small steps, else one per core. */
  readonly workers?: number;
  /** Stops the generation: the iteration throws the signal's reason. */
  readonly signal?: AbortSignal;
}

/** A step's rows, made as they are asked for: as row objects (`for await`) or as Arrow record batches. */
export interface Generation extends AsyncIterable<Record<string, unknown>> {
  /** The rows as Arrow record batches, in row order. */
  batches(): AsyncIterable<RecordBatch>;
}

/**
 * Every row of a step, the rows `rowforge run` writes with the same seed and reference time,
 * streamed: batches are made (by worker threads for large steps) a few ahead of the reader,
 * so memory stays bounded whatever the row count. Nothing is written anywhere. A plan with
 * problems throws a RowforgeError (on the first read) with the codes `rowforge validate` shows.
 */
export function generate(plan: PlanInput, options: GenerateOptions = {}): Generation {
  return {
    batches: () => stepBatches(plan, options),
    async *[Symbol.asyncIterator]() {
      for await (const batch of stepBatches(plan, options)) yield* await sampleRows(batch);
    },
  };
}

async function* stepBatches(plan: PlanInput, o: GenerateOptions): AsyncGenerator<RecordBatch> {
  const batchSize = o.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RowforgeError(
      "RF_OPTION_INVALID",
      `generate(): batchSize must be a whole number above 0, not ${batchSize}`,
      {
        hint: `leave it out for the run's (${DEFAULT_BATCH_SIZE}), or give rows per batch such as 10000`,
      },
    );
  const { plan: checked, access } = await loadPlanInput(plan, o);
  const step = chosenSteps(checked, o.step)[0]!;
  await loadPlanCode(checked);
  const references = await loadReferences(checked, access, [stepIdOf(step)]);
  const facts = runFacts(
    checked,
    { ...(o.seed === undefined ? {} : { seed: String(o.seed) }), nowMicros: nowMicrosOf(o) },
    references,
  );
  const compiled = compilePlan(checked, facts.compileOptions);
  const target = compiled.step(stepIdOf(step))!;
  const executor = executorFactory(o.workers)(target.rowCount);
  const planKey = `library-${facts.seed}`;
  executor.register({
    planKey,
    plan: checked,
    options: facts.compileOptions,
    ...(executor.inCallingThread ? { compiled } : {}),
  });
  // The maker runs ahead of the reader by the batches in flight and one made batch at most.
  const stop = new AbortController();
  const onAbort = () => stop.abort(o.signal?.reason);
  o.signal?.addEventListener("abort", onAbort, { once: true });
  const ready: RecordBatch[] = [];
  let wake: (() => void) | undefined;
  let taken: (() => void) | undefined;
  let finished = false;
  let failure: unknown;
  const making = generateStep(
    executor,
    { planKey },
    { stepId: target.id, rowCount: target.rowCount },
    batchSize,
    async (result) => {
      if (result.kind !== "arrow") throw new RowforgeError("RF_INTERNAL", "a batch came back encoded");
      ready.push(...tableFromIPC(result.ipc).batches);
      wake?.();
      await new Promise<void>((r) => {
        taken = r;
      });
    },
    undefined,
    0,
    stop.signal,
  ).then(
    () => {
      finished = true;
      wake?.();
    },
    (e: unknown) => {
      failure = e;
      finished = true;
      wake?.();
    },
  );
  try {
    for (;;) {
      if (ready.length === 0 && !finished) {
        await new Promise<void>((r) => {
          wake = r;
        });
        wake = undefined;
      }
      if (ready.length > 0) {
        const batch = ready.shift()!;
        if (ready.length === 0) taken?.();
        yield batch;
        continue;
      }
      if (failure !== undefined) throw failure;
      if (finished) return;
    }
  } finally {
    o.signal?.removeEventListener("abort", onAbort);
    if (!finished) stop.abort(new RowforgeError("RF_RUN_CANCELLED", "the reader stopped reading the rows"));
    taken?.();
    await making;
    await executor.close();
  }
}
