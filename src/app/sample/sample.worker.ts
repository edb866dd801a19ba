import { runSampleTask, type SampleTask, type SampleTaskResult } from "./run-sample-task.ts";

/** Worker entry for samples that may be slow: the main thread keeps answering, and ends this thread at the time limit. */
export default function sample(task: SampleTask): Promise<SampleTaskResult> {
  return runSampleTask(task);
}
