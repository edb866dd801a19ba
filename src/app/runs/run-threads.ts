import { once } from "node:events";
import { MessageChannel, type Worker } from "node:worker_threads";
import { Piscina } from "piscina";
import { RowforgeError } from "../../errors/index.ts";
import { workerUrl } from "../../util/worker-url.ts";
import type { JobEnd, RunHost } from "./run-host.ts";
import type { RunThreadTask } from "./run-thread-port.ts";
import { serveRunThread } from "./run-thread-port.ts";

export interface RunThreadsOptions {
  /** Runs at the same time: one thread each. */
  readonly threads: number;
  /** Worker threads a run's batches may use (undefined: the run chooses, one per core for large runs). */
  readonly workers?: number;
}

/** How long a terminated run thread may take to exit before the run is taken as ended anyway. */
const EXIT_WAIT_MS = 2_000;

/**
 * Runs each job in a run thread of its own, never in the calling thread: the server's event
 * loop only relays progress, records and answers, whatever a run costs (generation, encoding,
 * validations over read-back data, deletes that regenerate rows). One thread is kept ready;
 * a run that will not stop is ended at once by terminating its thread (its own worker threads
 * go with it), and a fresh one takes its place.
 */
export function createRunThreads(o: RunThreadsOptions): RunHost {
  const pool = new Piscina({
    filename: workerUrl("run", import.meta.url),
    minThreads: 1,
    maxThreads: o.threads,
    // A run is one long asynchronous task: its thread keeps its event loop between runs.
    atomics: "disabled",
    idleTimeout: 60_000,
  });
  return {
    start(job, listener, history) {
      const { port1, port2 } = new MessageChannel();
      const kill = new AbortController();
      let exited: Promise<unknown> = Promise.resolve();
      let settle!: (end: JobEnd) => void;
      const ended = new Promise<JobEnd>((resolve) => {
        settle = resolve;
      }).finally(() => port1.close());
      const side = serveRunThread(port1, listener, history, (end) => settle(end));
      const task: RunThreadTask = {
        job,
        workers: o.workers,
        history: "executions" in history ? true : history,
        port: port2,
      };
      pool.run(task, { transferList: [port2], signal: kill.signal }).then(
        // The thread's last message is its end: it arrives on the port, which stays open for it.
        () => undefined,
        (e: unknown) => {
          if (kill.signal.aborted) void exited.then(() => settle({ kind: "stopped" }));
          else
            settle({
              kind: "failed",
              error: new RowforgeError(
                "RF_INTERNAL",
                `the run's thread failed: ${e instanceof Error ? e.message : String(e)}`,
                { cause: e },
              ),
            });
        },
      );
      return {
        ended,
        abort: (reason) => side.abort(reason),
        terminate() {
          const id = side.threadId();
          const thread = pool.threads.find((t: Worker) => t.threadId === id && id !== undefined);
          // The run counts as ended once its thread is gone: nothing it started writes any more.
          exited = thread
            ? Promise.race([once(thread, "exit"), new Promise((r) => setTimeout(r, EXIT_WAIT_MS).unref())])
            : Promise.resolve();
          kill.abort();
          return true;
        },
      };
    },
    close: () => pool.destroy(),
  };
}
