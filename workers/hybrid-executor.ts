import type { BatchExecutor, BatchResult, BatchTask } from "../src/engine/index.ts";
import { RowforgeError } from "../src/errors/index.ts";

/** A task waiting for a thread, and the caller's promise of its result. */
interface Waiting {
  readonly task: BatchTask;
  readonly resolve: (result: Promise<BatchResult>) => void;
}

/**
 * Worker threads and the calling thread taking tasks from one queue, whoever is free first:
 * for a run whose sink leaves the calling thread idle (text files the workers encode), so a
 * machine of n cores makes batches on n threads with n - 1 workers to start. `pool` gets up to
 * two tasks per thread (the next one in hand when it finishes one, PoolOptions.tasksPerWorker);
 * `inline` takes the rest, one per turn of the calling thread, and is an inline executor with
 * `pool` as its overflow: a step whose batches would hold the calling thread too long goes to
 * the workers, so the thread stays able to react (to Ctrl-C, to a cancel). Results are per
 * task (the caller keeps their order), the same bytes whichever thread made them.
 */
export function createHybridExecutor(pool: BatchExecutor, inline: BatchExecutor): BatchExecutor {
  const depth = pool.workers * 2;
  const waiting: Waiting[] = [];
  const madeHere = new WeakSet<BatchResult>();
  let inPool = 0;
  let turning = false;
  let closed = false;
  const toPool = (task: BatchTask): Promise<BatchResult> => {
    inPool++;
    const result = pool.run(task);
    const done = () => {
      inPool--;
      const next = waiting.shift();
      if (next) next.resolve(toPool(next.task));
    };
    result.then(done, done);
    return result;
  };
  /** The calling thread's share: the waiting tasks, one at a time, until none waits. */
  const turns = async () => {
    if (turning) return;
    turning = true;
    try {
      for (let next = waiting.shift(); next && !closed; next = waiting.shift()) {
        const result = inline.run(next.task).then((r) => {
          madeHere.add(r);
          return r;
        });
        next.resolve(result);
        await result.catch(() => undefined);
      }
    } finally {
      turning = false;
    }
  };
  return {
    workers: pool.workers + 1,
    inCallingThread: true,
    register(registration) {
      inline.register(registration);
      pool.register(registration);
    },
    run(task) {
      if (closed) return Promise.reject(new RowforgeError("RF_INTERNAL", "the executor is closed"));
      if (inPool < depth) return toPool(task);
      return new Promise<BatchResult>((resolve) => {
        waiting.push({ task, resolve });
        void turns();
      });
    },
    recycle(result) {
      (madeHere.has(result) ? inline : pool).recycle(result);
    },
    close: async () => {
      closed = true;
      // Tasks still waiting are never made: their callers stopped (closing ends the run).
      for (const w of waiting.splice(0))
        w.resolve(Promise.reject(new RowforgeError("RF_INTERNAL", "the executor is closed")));
      await Promise.all([inline.close(), pool.close()]);
    },
  };
}
