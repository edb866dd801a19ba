import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import type { BatchExecutor, BatchTask } from "../src/engine/run/batch-task.ts";
import { ERROR_CODES, type ErrorCode, RowforgeError } from "../src/errors/index.ts";
import type { WorkerCodedError } from "./batch.worker.ts";

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
      try {
        return (await pool.run(task)) as Uint8Array;
      } catch (e) {
        throw fromWorker(e);
      }
    },
    close: () => pool.destroy(),
  };
}

/**
 * A coded error thrown in a worker (a budget exceeded while generating) comes back as the
 * plain object batch.worker.ts throws: it becomes a RowforgeError again, so the run reports
 * it as invalid input (exit 2), not as a failure of rowforge.
 */
function fromWorker(e: unknown): unknown {
  if (typeof e !== "object" || e === null || e instanceof Error) return e;
  const { rowforgeCode, message, hint } = e as Partial<WorkerCodedError>;
  if (typeof rowforgeCode !== "string" || !Object.hasOwn(ERROR_CODES, rowforgeCode)) return e;
  return new RowforgeError(
    rowforgeCode as ErrorCode,
    String(message),
    typeof hint === "string" ? { hint } : {},
  );
}
