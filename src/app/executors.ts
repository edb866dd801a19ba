import { availableParallelism } from "node:os";
import { createPoolExecutor } from "../../workers/pool-executor.ts";
import { type BatchExecutor, createPlanCache } from "../engine/index.ts";
import { RowforgeError } from "../errors/index.ts";
import { runBatchTask } from "./runs/run-batch-task.ts";

/** Plans smaller than this run in the calling thread: starting workers would cost more than it saves. */
export const INLINE_BELOW_ROWS = 20_000;

/**
 * Runs tasks in the calling thread, exactly as a worker does (encoding included): for small
 * runs and tests; the same results as the pool. Each registered plan is compiled once.
 */
export function createInlineExecutor(): BatchExecutor {
  const registered = new Map<string, Parameters<BatchExecutor["register"]>[0]>();
  const plans = createPlanCache(Number.POSITIVE_INFINITY);
  const free: Uint8Array[] = [];
  return {
    workers: 1,
    register(r) {
      if (!registered.has(r.planKey)) registered.set(r.planKey, r);
    },
    async run(task) {
      const r = registered.get(task.planKey);
      if (!r) throw new RowforgeError("RF_INTERNAL", `plan ${task.planKey} was not registered`);
      return runBatchTask(plans.compile(r), task, task.encode ? free.pop() : undefined);
    },
    recycle(result) {
      if (result.kind === "encoded" && free.length < 2) free.push(new Uint8Array(result.bytes.buffer));
    },
    close: async () => {
      registered.clear();
    },
  };
}

export interface ExecutorChoice {
  /** Worker threads; 0 generates in the calling thread; default: one per core. */
  readonly workers?: number;
  /** The rows the run generates: below INLINE_BELOW_ROWS it runs in the calling thread. */
  readonly totalRows: number;
}

/** The executor for a run: inline for small runs (or `workers: 0`), else a pool of worker threads. */
export function createExecutor({ workers, totalRows }: ExecutorChoice): BatchExecutor {
  return workers === 0 || totalRows < INLINE_BELOW_ROWS
    ? createInlineExecutor()
    : createPoolExecutor(workers ?? availableParallelism());
}

/** A run's executor factory (what runPlan and the run manager take) for a number of workers. */
export const executorFactory =
  (workers?: number) =>
  (totalRows: number): BatchExecutor =>
    createExecutor({ ...(workers !== undefined ? { workers } : {}), totalRows });
