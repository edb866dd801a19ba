import type { BatchExecutor, BatchResult, BatchTask } from "./batch-task.ts";

export interface StepRange {
  readonly stepId: string;
  readonly rowCount: number;
  /**
   * Rows of the first batch, when fewer than the batch size: a cold thread makes a small batch
   * sooner, so an output whose bytes do not depend on batch boundaries (text) starts sooner.
   */
  readonly firstBatchRows?: number;
}

/**
 * Generates rows [firstRow, firstRow + rowCount) of a step in batches through an executor,
 * keeping at most `inFlight` batches in progress (backpressure), and hands them to `onBatch`
 * in row order (with `start` relative to firstRow).
 *
 * It stops at the first failure, or as soon as `signal` aborts (throwing its reason), without
 * waiting for the batches still in flight: their results, and their failures, are ignored, so
 * no rejection is left unhandled when the executor is closed under them.
 */
export async function generateStep(
  executor: BatchExecutor,
  base: Omit<BatchTask, "stepId" | "start" | "count">,
  step: StepRange,
  batchSize: number,
  onBatch: (result: BatchResult, start: number, count: number) => void | Promise<void>,
  inFlight = executor.workers * 2,
  firstRow = 0,
  signal?: AbortSignal,
): Promise<void> {
  const pending: { start: number; count: number; result: Promise<BatchResult> }[] = [];
  let next = 0;
  const launch = () => {
    while (pending.length < inFlight && next < step.rowCount) {
      const size = next === 0 && step.firstBatchRows ? Math.min(step.firstBatchRows, batchSize) : batchSize;
      const count = Math.min(size, step.rowCount - next);
      const result = executor.run({ ...base, stepId: step.stepId, start: firstRow + next, count });
      // A batch whose result is never awaited (the step stopped first) must not reject unhandled.
      result.catch(() => undefined);
      pending.push({ start: next, count, result });
      next += count;
    }
  };
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    if (!signal) return;
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  aborted.catch(() => undefined);
  try {
    signal?.throwIfAborted();
    launch();
    while (pending.length > 0) {
      const head = pending.shift()!;
      const result = await (signal ? Promise.race([head.result, aborted]) : head.result);
      signal?.throwIfAborted();
      launch();
      await onBatch(result, head.start, head.count);
    }
  } finally {
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  }
}
