import type { BatchTask } from "../engine/run/batch-task.ts";
import { generateBatch, generateBatchBytes } from "../engine/run/generate-batch-bytes.ts";
import { RowforgeError } from "../errors/index.ts";
import { requireFormat } from "../formats/format-registry.ts";

/**
 * What a worker does with a task: generate the batch, and either encode it (text formats,
 * so the bytes go straight to the file) or return it as Arrow IPC.
 */
export function runBatchTask(task: BatchTask): Uint8Array {
  if (!task.encode) return owningBuffer(generateBatchBytes(task));
  const batch = generateBatch(task);
  const encoder = requireFormat(task.encode.format, task.stepId).createEncoder(
    batch.schema,
    task.encode.options,
  );
  const chunks = encoder.encode(batch);
  if (chunks instanceof Promise)
    throw new RowforgeError("RF_INTERNAL", `format ${task.encode.format} cannot encode in a worker`);
  const rest = encoder.end();
  if (rest instanceof Promise)
    throw new RowforgeError("RF_INTERNAL", `format ${task.encode.format} cannot encode in a worker`);
  const all = [...chunks, ...rest];
  return owningBuffer(all.length === 1 ? all[0]! : Buffer.concat(all));
}

/**
 * The bytes in an ArrayBuffer of their own: the worker transfers the whole buffer, and small
 * chunks are views into shared slabs (or Node's buffer pool) that must stay where they are.
 */
function owningBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}
