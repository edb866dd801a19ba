import { Piscina } from "piscina";
import { runBatchTask } from "../src/app/run-batch-task.ts";
import type { BatchTask } from "../src/engine/run/batch-task.ts";
import { type TransferredError, transferError } from "../src/errors/index.ts";

/**
 * Worker entry: one batch in, its Arrow IPC bytes out, transferred rather than copied. A
 * failure comes back as plain data (its code, message and hint), not as a thrown Error:
 * cloning an Error across threads would keep its message only.
 */
export default function generate(task: BatchTask): ReturnType<typeof Piscina.move> | TransferredError {
  try {
    return Piscina.move(runBatchTask(task));
  } catch (e) {
    return transferError(e);
  }
}
