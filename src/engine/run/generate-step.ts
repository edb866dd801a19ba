import type { BatchExecutor, BatchTask } from "./batch-task.ts";

export interface StepRange {
  readonly stepId: string;
  readonly rowCount: number;
}

/**
 * Generates rows [firstRow, firstRow + rowCount) of a step in batches through an executor,
 * keeping at most `inFlight` batches in progress (backpressure), and hands them to `onBatch`
 * in row order (with `start` relative to firstRow).
 */
export async function generateStep(
  executor: BatchExecutor,
  base: Omit<BatchTask, "stepId" | "start" | "count">,
  step: StepRange,
  batchSize: number,
  onBatch: (bytes: Uint8Array, start: number, count: number) => void | Promise<void>,
  inFlight = executor.workers * 2,
  firstRow = 0,
): Promise<void> {
  const pending: { start: number; count: number; result: Promise<Uint8Array> }[] = [];
  let next = 0;
  const launch = () => {
    while (pending.length < inFlight && next < step.rowCount) {
      const count = Math.min(batchSize, step.rowCount - next);
      pending.push({
        start: next,
        count,
        result: executor.run({ ...base, stepId: step.stepId, start: firstRow + next, count }),
      });
      next += count;
    }
  };
  launch();
  while (pending.length > 0) {
    const head = pending.shift()!;
    const bytes = await head.result;
    launch();
    await onBatch(bytes, head.start, head.count);
  }
}
