import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import type { BatchExecutor, BatchTask } from "../src/engine/run/batch-task.ts";
import { isTransferredError, RowforgeError, rebuildError } from "../src/errors/index.ts";

/** A worker pool generating batches in parallel; results come back as transferred buffers. */
export function createPoolExecutor(workers = availableParallelism()): BatchExecutor {
  if (!Number.isInteger(workers) || workers < 1 || workers > 256) {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `workers must be a whole number from 1 to 256, not ${workers}`,
      {
        hint: "give --workers N with N at least 1",
      },
    );
  }
  const pool = new Piscina({
    filename: new URL("./batch.worker.ts", import.meta.url).href,
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 30_000,
  });
  let closed: Promise<void> | undefined;
  return {
    workers,
    async run(task: BatchTask) {
      let result: unknown;
      try {
        result = await pool.run(task);
      } catch (e) {
        // The pool itself failed (a worker died, or the pool was closed with the batch in flight).
        throw new RowforgeError(
          "RF_INTERNAL",
          `a worker thread failed: ${e instanceof Error ? e.message : String(e)}`,
          { cause: e },
        );
      }
      if (isTransferredError(result)) throw rebuildError(result);
      return result as Uint8Array;
    },
    // Closing ends the threads at once; batches still in flight reject (their callers ignore them).
    close: () => {
      closed ??= pool.destroy();
      return closed;
    },
  };
}
