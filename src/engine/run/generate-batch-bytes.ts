import { type RecordBatch, RecordBatchStreamWriter } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import type { CompiledPlan } from "../compile/compile-plan.ts";
import type { BatchTask } from "./batch-task.ts";

/** Generates one batch of a compiled plan. */
export function generateBatch(compiled: CompiledPlan, task: BatchTask): RecordBatch {
  const step = compiled.step(task.stepId);
  if (!step) throw new RowforgeError("RF_INTERNAL", `step ${task.stepId} is not in the plan ${task.planKey}`);
  return step.batch(task.start, task.count);
}

/** One batch as Arrow IPC stream bytes (what crosses a thread boundary). */
export function batchIpc(batch: RecordBatch): Uint8Array {
  const writer = new RecordBatchStreamWriter();
  writer.write(batch);
  writer.finish();
  return writer.toUint8Array(true);
}
