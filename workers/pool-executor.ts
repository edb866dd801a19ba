import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import type { BatchExecutor, BatchTask } from "../src/engine/run/batch-task.ts";
import { RowforgeError } from "../src/errors/index.ts";

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
  return {
    workers,
    async run(task: BatchTask) {
      return (await pool.run(task)) as Uint8Array;
    },
    close: () => pool.destroy(),
  };
}
