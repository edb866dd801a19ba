import { Piscina } from "piscina";
import { runBatchTask } from "../src/app/run-batch-task.ts";
import type { BatchTask } from "../src/engine/run/batch-task.ts";

/** Worker entry: one batch in, its Arrow IPC bytes out, transferred rather than copied. */
export default function generate(task: BatchTask): ReturnType<typeof Piscina.move> {
  const bytes = runBatchTask(task);
  return Piscina.move(bytes);
}
