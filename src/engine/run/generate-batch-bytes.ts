import { type RecordBatch, RecordBatchStreamWriter } from "apache-arrow";
import { type CompiledPlan, compilePlan } from "../compile/compile-plan.ts";
import type { BatchTask } from "./batch-task.ts";

const cache = new Map<string, CompiledPlan>();
const MAX_CACHED_PLANS = 8;

/** Compiles (once per plan key, per thread) and generates one batch. */
export function generateBatch(task: BatchTask): RecordBatch {
  let compiled = cache.get(task.planKey);
  if (!compiled) {
    compiled = compilePlan(task.plan, task.options);
    if (cache.size >= MAX_CACHED_PLANS) cache.delete(cache.keys().next().value!);
    cache.set(task.planKey, compiled);
  }
  const step = compiled.step(task.stepId);
  if (!step) throw new Error(`step ${task.stepId} is not in the plan`);
  return step.batch(task.start, task.count);
}

/** One batch as Arrow IPC stream bytes (what crosses a thread boundary). */
export function generateBatchBytes(task: BatchTask): Uint8Array {
  const writer = new RecordBatchStreamWriter();
  writer.write(generateBatch(task));
  writer.finish();
  return writer.toUint8Array(true);
}
