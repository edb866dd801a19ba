import {
  isRowEncoder,
  loadedRowColumnEncoder,
  loadedRowEncoder,
  loadRowEncoder,
} from "../src/connectors/worker-encoders.ts";
import {
  type BatchResult,
  type BatchTask,
  batchIpc,
  type CompiledPlan,
  type CompiledStep,
  type EncodeSpec,
  generateBatch,
} from "../src/engine/index.ts";
import { RowforgeError } from "../src/errors/index.ts";
import { ByteSink } from "../src/formats/arrow-values/byte-sink.ts";
import type { ColumnEncoder } from "../src/formats/format.ts";
import { findFormat, requireFormat } from "../src/formats/format-registry.ts";

/**
 * What a worker (or the inline executor) does with a task: generate the batch, and either
 * encode it (text formats, or a database sink's own text: see connectors/worker-encoders.ts,
 * so the bytes go straight to the output) or return it as Arrow IPC.
 * Text is encoded into `reuse` (the memory of an earlier result, handed back) when given; the
 * result's bytes always own their buffer, so a worker transfers it without a copy.
 */
export function runBatchTask(
  compiled: CompiledPlan,
  task: BatchTask,
  reuse?: Uint8Array,
): BatchResult | Promise<BatchResult> {
  if (task.encode?.segmentRows !== undefined) return runSegmentTask(compiled, task, task.encode);
  const rowEncoding = task.encode && isRowEncoder(task.encode.format);
  // A database sink's encoder loads on the thread's first task of it.
  if (rowEncoding && !loadedRowEncoder(task.encode!.format))
    return loadRowEncoder(task.encode!.format).then(() => runBatchTask(compiled, task, reuse));
  const direct = task.encode && runColumnTask(compiled, task, task.encode, reuse);
  if (direct) return direct;
  const batch = generateBatch(compiled, task);
  if (!task.encode) return { kind: "arrow", ipc: owningBuffer(batchIpc(batch)) };
  const { format, options } = task.encode;
  const rowEncoder = loadedRowEncoder(format);
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
 * A step's column encoder for a format and options, and the most bytes per row its batches took
 * so far: a batch without a buffer handed back gets one of about its size, instead of one that
 * doubles (and copies) its way up.
 */
interface StepColumnEncoder {
  readonly encoder: ColumnEncoder;
  rowBytes: number;
}

/** Column encoders per compiled step, by format and options: compiled once per thread. */
const columnEncoders = new WeakMap<CompiledStep, Map<string, StepColumnEncoder | undefined>>();

function columnEncoderOf(step: CompiledStep, spec: EncodeSpec): StepColumnEncoder | undefined {
  let byKey = columnEncoders.get(step);
  if (!byKey) {
    byKey = new Map();
    columnEncoders.set(step, byKey);
  }
  const key = `${spec.format}\0${JSON.stringify(spec.options)}`;
  if (byKey.has(key)) return byKey.get(key);
  const encoder =
    findFormat(spec.format)?.columnEncoder?.(step.output, spec.options) ??
    loadedRowColumnEncoder(spec.format, step.output, spec.options);
  const entry = encoder ? { encoder, rowBytes: 64 } : undefined;
  byKey.set(key, entry);
  return entry;
}

/**
 * A text format (or a database sink's rows, worker-encoders.ts) that writes straight from the engine's columns (no Arrow batch built and read
 * back): undefined when the format cannot, or the columns are not what its encoder expects
 * (the caller then takes the Arrow path, which gives the same bytes).
 */
function runColumnTask(
  compiled: CompiledPlan,
  task: BatchTask,
  spec: EncodeSpec,
  reuse: Uint8Array | undefined,
): BatchResult | undefined {
  const step = compiled.step(task.stepId);
  if (!step) return undefined;
  const entry = columnEncoderOf(step, spec);
  if (!entry) return undefined;
  const columns = step.columns(task.start, task.count);
  // A step of no fields has rows too (an OpenAPI operation without parameters or body).
  const rows = columns[0]?.length ?? task.count;
  const out = new ByteSink(reuse ?? Math.ceil(rows * entry.rowBytes * 1.1));
  if (!entry.encoder.encodeColumns(columns, rows, out)) return undefined;
  if (rows > 0) entry.rowBytes = Math.max(entry.rowBytes, out.pos / rows);
  return { kind: "encoded", format: spec.format, bytes: out.buf.subarray(0, out.pos), rows };
}

/**
 * One segment of a segmented binary format (an ORC stripe, a Parquet row group): its rows are
 * generated batch by batch (of the format's fixed size, else the run's) as the encoder asks,
 * so only the segment's encoded bytes and footer information leave the thread.
 */
async function runSegmentTask(
  compiled: CompiledPlan,
  task: BatchTask,
  spec: EncodeSpec,
): Promise<BatchResult> {
  const format = requireFormat(spec.format, task.stepId);
  const segments = format.segments;
  if (!segments) throw new RowforgeError("RF_INTERNAL", `format ${spec.format} has no segments`);
  const step = Math.max(1, segments.batchRows ?? spec.batchRows ?? task.count);
  function* batches() {
    for (let at = 0; at < task.count; at += step)
      yield generateBatch(compiled, {
        ...task,
        start: task.start + at,
        count: Math.min(step, task.count - at),
      });
  }
  const schema = generateBatch(compiled, { ...task, count: 0 }).schema;
  const segment = await segments.encodeSegment(schema, spec.options, batches());
  return {
    kind: "encoded",
    format: spec.format,
    bytes: owningBuffer(segment.bytes),
    rows: segment.rows,
    meta: segment.meta,
  };
}

/**
 * The bytes in an ArrayBuffer of their own: the worker transfers the whole buffer, and small
 * chunks are views into shared slabs (or Node's buffer pool) that must stay where they are.
 */
function owningBuffer(bytes: Uint8Array): Uint8Array {
  // A copy into a buffer of its own (a Buffer's slice() would be a view into the same slab).
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : new Uint8Array(bytes);
}
