import { findRowEncoder } from "../../connectors/worker-encoders.ts";
import {
  type BatchResult,
  type BatchTask,
  batchIpc,
  type CompiledPlan,
  generateBatch,
} from "../../engine/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import { requireFormat } from "../../formats/format-registry.ts";

/**
 * What a worker (or the inline executor) does with a task: generate the batch, and either
 * encode it (text formats, or a database sink's own text: see connectors/worker-encoders.ts,
 * so the bytes go straight to the output) or return it as Arrow IPC.
 * Text is encoded into `reuse` (the memory of an earlier result, handed back) when given; the
 * result's bytes always own their buffer, so a worker transfers it without a copy.
 */
export function runBatchTask(compiled: CompiledPlan, task: BatchTask, reuse?: Uint8Array): BatchResult {
  const batch = generateBatch(compiled, task);
  if (!task.encode) return { kind: "arrow", ipc: owningBuffer(batchIpc(batch)) };
  const { format, options } = task.encode;
  const rowEncoder = findRowEncoder(format);
  if (rowEncoder) {
    const out = new ByteSink(reuse ?? batch.numRows * 64);
    rowEncoder(out, batch, task.start, options);
    return { kind: "encoded", format, bytes: out.buf.subarray(0, out.pos), rows: batch.numRows };
  }
  const encoder = requireFormat(format, task.stepId).createEncoder(batch.schema, options);
  if (encoder.encodeInto) {
    const out = new ByteSink(reuse ?? batch.numRows * 64);
    encoder.encodeInto(batch, out);
    const rest = encoder.end();
    if (rest instanceof Promise)
      throw new RowforgeError("RF_INTERNAL", `format ${format} ends asynchronously`);
    for (const chunk of rest) out.bytes(chunk);
    return { kind: "encoded", format, bytes: out.buf.subarray(0, out.pos), rows: batch.numRows };
  }
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
