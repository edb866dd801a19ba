import type { BatchTask } from "../engine/run/batch-task.ts";
import { generateBatch, generateBatchBytes } from "../engine/run/generate-batch-bytes.ts";
import { requireFormat } from "../formats/format-registry.ts";

/**
 * What a worker does with a task: generate the batch, and either encode it (text formats,
 * so the bytes go straight to the file) or return it as Arrow IPC.
 */
export function runBatchTask(task: BatchTask): Uint8Array {
  if (!task.encode) return generateBatchBytes(task);
  const batch = generateBatch(task);
  const encoder = requireFormat(task.encode.format, task.stepId).createEncoder(
    batch.schema,
    task.encode.options,
  );
  const chunks = encoder.encode(batch);
  if (chunks instanceof Promise) throw new Error(`format ${task.encode.format} cannot encode in a worker`);
  const rest = encoder.end();
  if (rest instanceof Promise) throw new Error(`format ${task.encode.format} cannot encode in a worker`);
  const all = [...chunks, ...rest];
  if (all.length === 1) return all[0]!;
  return Buffer.concat(all);
}
