import { openAsBlob } from "node:fs";
import { Worker } from "node:worker_threads";
import { DataType, type RecordBatch, type Schema, tableFromIPC } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import { parquetWasm as wasm } from "../../formats/parquet/parquet-format.ts";
import { workerUrl } from "../../util/worker-url.ts";
import type { ColumnNeed, ReadBackRequest } from "../connector.ts";
import { fullWidth } from "./full-width-batch.ts";
import { type ParquetNeed, parquetReadOptions } from "./parquet-columns.ts";
import type { ParquetReadReply, ParquetReadRequest } from "./parquet-read-message.ts";

/** Row groups a decoding worker may have ready ahead of the reader (memory: that many row groups). */
const WINDOW = 2;

/** A Parquet file's Arrow schema, from its footer (no row is read). */
export async function parquetSchema(file: string): Promise<Schema> {
  const pf = await wasm().ParquetFile.fromFile(await openAsBlob(file));
  try {
    return tableFromIPC(pf.schema().intoIPCStream()).schema;
  } finally {
    pf.free();
  }
}

/** The numbers of row groups and rows of Parquet files (from their footers). */
export async function parquetCounts(files: readonly string[]): Promise<{ groups: number; rows: number }> {
  let groups = 0;
  let rows = 0;
  for (const file of files) {
    const pf = await wasm().ParquetFile.fromFile(await openAsBlob(file));
    try {
      const meta = pf.metadata();
      groups += meta.numRowGroups();
      rows += Number(meta.fileMetadata().numRows());
    } finally {
      pf.free();
    }
  }
  return { groups, rows };
}

/**
 * The rows of Parquet files as Arrow batches, decoded by parquet-wasm one row group at a time
 * (memory bounded by a row group, not the file): Arrow columns as the file stores them, with no
 * value converted on the way. With more than one row group, a worker thread decodes the next
 * row groups (at most WINDOW ahead) while the caller works on the batches of the current one.
 */
export async function* parquetBatches(
  files: readonly string[],
  request: ReadBackRequest,
): AsyncGenerator<RecordBatch> {
  if ((await parquetCounts(files)).groups > 1) yield* parquetBatchesInWorker(files, request);
  else yield* parquetBatchesHere(files, request);
}

/**
 * The rows of Parquet files with only the columns a reader needs decoded (the others skipped in
 * the files, so not read at all), as batches of the files' whole schema (what was not decoded is
 * NULL).
 */
export async function* parquetColumnBatches(
  files: readonly string[],
  request: ReadBackRequest,
  schema: Schema,
  needs: readonly ColumnNeed[],
): AsyncGenerator<RecordBatch> {
  const whole = fullWidth(schema);
  const told = needs.map((n) => parquetNeed(schema, n));
  const batches =
    (await parquetCounts(files)).groups > 1
      ? parquetBatchesInWorker(files, request, told)
      : parquetBatchesHere(files, request, told);
  for await (const batch of batches) yield whole(batch);
}

/** A need with, for an array read for its sizes, the names of its fixed-width leaves under it (numbers, dates, times). */
function parquetNeed(schema: Schema, need: ColumnNeed): ParquetNeed {
  if (!need.sizesOnly) return need;
  let type: DataType | undefined = schema.fields.find((f) => f.name === need.path[0])?.type;
  for (const name of need.path.slice(1))
    type = DataType.isStruct(type) ? type.children.find((f) => f.name === name)?.type : undefined;
  const fixedLeaves: string[][] = [];
  const visit = (t: DataType, names: string[]): void => {
    if (DataType.isList(t)) visit(t.children[0]!.type, names);
    else if (DataType.isStruct(t)) for (const f of t.children) visit(f.type, [...names, f.name]);
    else if (
      names.length > 0 &&
      (DataType.isInt(t) ||
        DataType.isFloat(t) ||
        DataType.isDate(t) ||
        DataType.isTimestamp(t) ||
        DataType.isBool(t))
    )
      fixedLeaves.push(names);
  };
  if (type !== undefined) visit(type, []);
  return fixedLeaves.length > 0 ? { ...need, fixedLeaves } : need;
}

async function* parquetBatchesHere(
  files: readonly string[],
  request: ReadBackRequest,
  needs?: readonly ParquetNeed[],
): AsyncGenerator<RecordBatch> {
  for (const file of files) {
    const pf = await wasm().ParquetFile.fromFile(await openAsBlob(file));
    try {
      const meta = pf.metadata();
      const groups = meta.numRowGroups();
      const options = parquetReadOptions(meta, request.batchRows, needs);
      for (let g = 0; g < groups; g++) {
        request.signal?.throwIfAborted();
        const table = await pf.read({ ...options, rowGroups: [g] });
        yield* tableFromIPC(table.intoIPCStream()).batches;
      }
    } finally {
      pf.free();
    }
  }
}

/**
 * A decoding worker thread with its listeners attached once; each read sets where its messages
 * and failures go for as long as it lasts.
 */
interface Decoder {
  readonly worker: Worker;
  onMessage: ((m: ParquetReadReply) => void) | undefined;
  onFailure: ((e: Error) => void) | undefined;
  exited: boolean;
}

/** A decoder kept after a read that ended normally, for the next one (ended after a while unused). */
let idle: { decoder: Decoder; timer: NodeJS.Timeout } | undefined;
const IDLE_MS = 30_000;

function newDecoder(): Decoder {
  const d: Decoder = {
    worker: new Worker(new URL(workerUrl("parquet-read", import.meta.url))),
    onMessage: undefined,
    onFailure: undefined,
    exited: false,
  };
  d.worker.on("message", (m: ParquetReadReply) => d.onMessage?.(m));
  d.worker.on("error", (e) => d.onFailure?.(e));
  d.worker.on("exit", (code) => {
    d.exited = true;
    if (idle?.decoder === d) {
      clearTimeout(idle.timer);
      idle = undefined;
    }
    d.onFailure?.(
      new RowforgeError("RF_FILE_READ", `the Parquet decoding worker thread stopped (exit code ${code})`, {
        hint: "the machine may be out of memory; try again with fewer things running",
      }),
    );
  });
  return d;
}

function takeDecoder(): Decoder {
  if (idle && !idle.decoder.exited) {
    const { decoder, timer } = idle;
    idle = undefined;
    clearTimeout(timer);
    decoder.worker.ref();
    return decoder;
  }
  return newDecoder();
}

/** Keeps a decoder that finished its read cleanly for the next read (unref'd: it never keeps the process alive). */
function keepDecoder(d: Decoder): void {
  if (idle || d.exited) {
    void d.worker.terminate();
    return;
  }
  d.worker.unref();
  const timer = setTimeout(() => {
    if (idle?.decoder === d) idle = undefined;
    void d.worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idle = { decoder: d, timer };
}

async function* parquetBatchesInWorker(
  files: readonly string[],
  request: ReadBackRequest,
  needs?: readonly ParquetNeed[],
): AsyncGenerator<RecordBatch> {
  const decoder = takeDecoder();
  const replies: ParquetReadReply[] = [];
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  let ended = false;
  decoder.onMessage = (m) => {
    replies.push(m);
    wake?.();
  };
  decoder.onFailure = (e) => {
    failure ??= e;
    wake?.();
  };
  const send = (m: ParquetReadRequest) => decoder.worker.postMessage(m);
  try {
    send({ kind: "read", files, batchRows: request.batchRows, window: WINDOW, ...(needs ? { needs } : {}) });
    for (;;) {
      request.signal?.throwIfAborted();
      const m = replies.shift();
      if (!m) {
        if (failure) throw failure;
        await new Promise<void>((r) => (wake = r));
        wake = undefined;
        continue;
      }
      if (m.kind === "end") {
        ended = true;
        return;
      }
      if (m.kind === "error") {
        throw new RowforgeError("RF_FILE_READ", `cannot read Parquet ${files.join(", ")}: ${m.message}`, {
          hint: "check that the files are whole Parquet files",
        });
      }
      send({ kind: "credit" });
      yield* tableFromIPC(m.bytes).batches;
    }
  } finally {
    decoder.onMessage = undefined;
    decoder.onFailure = undefined;
    // Only a decoder whose read went to the end is idle; one stopped halfway may still be decoding.
    if (ended && !failure) keepDecoder(decoder);
    else await decoder.worker.terminate();
  }
}
