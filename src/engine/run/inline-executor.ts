import type { BatchExecutor, BatchTask } from "./batch-task.ts";
import { generateBatchBytes } from "./generate-batch-bytes.ts";

/** Runs tasks in the calling thread: for tiny jobs and tests; the same bytes as the pool. */
export function createInlineExecutor(
  run: (task: BatchTask) => Uint8Array = generateBatchBytes,
): BatchExecutor {
  return {
    workers: 1,
    run: async (task) => run(task),
    close: async () => {},
  };
}
