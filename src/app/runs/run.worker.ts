import { executorFactory } from "../executors.ts";
import { executeJob } from "./run-job.ts";
import { type RunThreadTask, runThreadSide } from "./run-thread-port.ts";

/**
 * Run thread entry: does one run (generate or delete) off the server's event loop, telling the
 * main thread how it goes through its port; its batches are made here or by worker threads of
 * its own (executors.ts). The port is closed by the main thread once the end has arrived.
 */
export default async function run(task: RunThreadTask): Promise<void> {
  const side = runThreadSide(task.port, task.history);
  try {
    const result = await executeJob(task.job, side.listener, {
      executor: executorFactory(task.workers),
      signal: side.signal,
      history: side.history,
    });
    side.end({ result });
  } catch (error) {
    side.end({ error });
  }
}
