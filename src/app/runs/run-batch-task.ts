import {
  type BatchResult,
  type BatchTask,
  batchIpc,
  type CompiledPlan,
  generateBatch,
} from "../../engine/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import { requireFormat } from "../../formats/format-registry.ts";

/**
 * What a worker (or the inline executor) does with a task: generate the batch, and either
 * encode it (text formats, so the bytes go straight to the output) or return it as Arrow IPC.
 */
export function runBatchTask(compiled: CompiledPlan, task: BatchTask): BatchResult {
  const batch = generateBatch(compiled, task);
  if (!task.encode) return { kind: "arrow", ipc: owningBuffer(batchIpc(batch)) };
  const { format, options } = task.encode;
  const encoder = requireFormat(format, task.stepId).createEncoder(batch.schema, options);
  const chunks = encoder.encode(batch);
  const rest = chunks instanceof Promise ? chunks : encoder.end();
  if (chunks instanceof Promise || rest instanceof Promise)
    throw new RowforgeError("RF_INTERNAL", `format ${format} cannot encode in a worker`);
  const all = [...chunks, ...rest];
  return {
    kind: "encoded",
    format,
    bytes: owningBuffer(all.length === 1 ? all[0]! : Buffer.concat(all)),
    rows: batch.numRows,
  };
}

/**
 * The bytes in an ArrayBuffer of their own: the worker transfers the whole buffer, and small
 * chunks are views into shared slabs (or Node's buffer pool) that must stay where they are.
 */
function owningBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}
