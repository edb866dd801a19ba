import { Piscina } from "piscina";
import { runBatchTask } from "../src/app/run-batch-task.ts";
import type { BatchTask } from "../src/engine/run/batch-task.ts";
import { isRowforgeError } from "../src/errors/index.ts";

/** A coded error as it crosses back to the pool (structured cloning keeps only an Error's message). */
export interface WorkerCodedError {
  readonly rowforgeCode: string;
  readonly message: string;
  readonly hint: string;
}

/** Worker entry: one batch in, its Arrow IPC bytes out, transferred rather than copied. */
export default function generate(task: BatchTask): ReturnType<typeof Piscina.move> {
  try {
    const bytes = runBatchTask(task);
    return Piscina.move(bytes);
  } catch (e) {
    if (isRowforgeError(e)) {
      const coded: WorkerCodedError = { rowforgeCode: e.code, message: e.message, hint: e.hint };
      throw coded;
    }
    throw e;
  }
}
