import type { RowforgeError } from "../../errors/index.ts";
import type { ExecutorFactory } from "../executors.ts";
import type { DeleteHistorySource } from "./plan-history.ts";
import { executeJob, type InThreadAdoption, type JobListener, type RunJob } from "./run-job.ts";
import type { RunResult } from "./run-plan.ts";

/** How a job ended. */
export type JobEnd =
  /** It ran to its end (a failed or cancelled run included): its result. */
  | { readonly kind: "done"; readonly result: RunResult }
  /** It threw (an invalid plan, found before anything was written; or its thread failed). */
  | { readonly kind: "failed"; readonly error: unknown }
  /** It was ended at once (terminate): it could not clean up, and told nothing more. */
  | { readonly kind: "stopped" };

/** A job in progress. */
export interface RunningJob {
  readonly ended: Promise<JobEnd>;
  /** Asks it to stop: it aborts its open output (its temporaries removed) and ends with `reason`. */
  abort(reason: RowforgeError): void;
  /** Ends it at once (its thread terminated); false when it runs in the calling thread, which cannot be. */
  terminate(): boolean;
}

/** Where runs are done: in run threads of their own (the server), or in the calling thread (tests, embedding). */
export interface RunHost {
  start(job: RunJob, listener: JobListener, history: DeleteHistorySource): RunningJob;
  /** Ends what it holds (threads); jobs still running are ended at once. */
  close(): Promise<void>;
}

/**
 * Runs jobs in the calling thread, with `executor` (pool or inline) for their batches; a host
 * made for one run (the CLI's) may give it what its pre-run check made in this thread (`adopt`).
 */
export function inThreadHost(executor: ExecutorFactory, adopt: InThreadAdoption = {}): RunHost {
  return {
    start(job, listener, history) {
      const controller = new AbortController();
      const ended = executeJob(job, listener, {
        ...adopt,
        executor,
        signal: controller.signal,
        history,
      }).then(
        (result): JobEnd => ({ kind: "done", result }),
        (error: unknown): JobEnd => ({ kind: "failed", error }),
      );
      return { ended, abort: (reason) => controller.abort(reason), terminate: () => false };
    },
    close: async () => {},
  };
}
