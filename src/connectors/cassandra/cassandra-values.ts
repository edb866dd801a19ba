import { type Data, DataType, type Decimal, type RecordBatch } from "apache-arrow";
import {
  binaryReader,
  boolReader,
  decimalReader,
  decimalText,
  int64AsNumberReader,
  isValid,
  numberReader,
  utf8Reader,
} from "../../formats/arrow-values/arrow-cells.ts";
import { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import { jsonWriter } from "../../formats/arrow-values/json-renderer.ts";
import { cassandraDriver } from "./cassandra-driver.ts";

/** A cell of one Arrow array as the driver encodes it for its CQL type (cqlColumnType). */
type CellReader = (i: number) => unknown;

/**
 * The values of a batch's columns as driver parameters, converted column by column: `rows[r][c]`
 * is row r's value of column c (null for a null). Text → string, ints → number (64-bit → bigint),
 * decimals → exact text, dates → LocalDate, timestamps → epoch milliseconds (microseconds cut,
 * as CQL's timestamp holds), binary → Buffer, lists → arrays, maps → Map, structs → JSON text.
 */
export function batchParameters(batch: RecordBatch): unknown[][] {
  const rows: unknown[][] = new Array(batch.numRows);
  const width = batch.numCols;
  for (let r = 0; r < batch.numRows; r++) rows[r] = new Array(width);
  for (let c = 0; c < width; c++) {
    let base = 0;
    for (const data of batch.getChildAt(c)!.data) {
      const read = cellReader(data);
      for (let i = 0; i < data.length; i++) rows[base + i]![c] = isValid(data, i) ? read(i) : null;
      base += data.length;
    }
  }
  return rows;
}

/** An empty collection inside another, encoded (count 0): the driver would encode it as null, which a collection cannot hold. */
const EMPTY_COLLECTION = Buffer.alloc(4);

/** A reader of one Arrow array's valid cells; `inner`: the array is a collection's elements. */
export function cellReader(data: Data, inner = false): CellReader {
  const t = data.type;
  if (DataType.isUtf8(t)) return utf8Reader(data);
  if (DataType.isInt(t) || DataType.isFloat(t)) {
    const read = numberReader(data);
    return (i) => read(i);
  }
  if (DataType.isDecimal(t)) {
    const read = decimalReader(data);
    const scale = (t as Decimal).scale;
    return (i) => decimalText(read(i), scale);
  }
  if (DataType.isBool(t)) return boolReader(data);
  if (DataType.isDate(t)) {
    const days = data.values as Int32Array;
    // One argument: days since the epoch (the typings know only year, month, day).
    const LocalDate = cassandraDriver().types.LocalDate as unknown as new (days: number) => unknown;
    return (i) => new LocalDate(days[i]!);
  }
  if (DataType.isTimestamp(t)) {
    const micros = int64AsNumberReader(data);
    return (i) => Math.floor(micros(i) / 1000);
  }
  if (DataType.isBinary(t)) {
    const read = binaryReader(data);
    return (i) => {
      const b = read(i);
      return Buffer.from(b.buffer, b.byteOffset, b.byteLength);
    };
  }
  if (DataType.isList(t)) {
    const offsets = data.valueOffsets as Int32Array;
    const child = data.children[0]!;
    const read = cellReader(child, true);
    return (i) => {
      if (inner && offsets[i] === offsets[i + 1]) return EMPTY_COLLECTION;
      const out: unknown[] = [];
      for (let k = offsets[i]!; k < offsets[i + 1]!; k++) out.push(isValid(child, k) ? read(k) : null);
      return out;
    };
  }
  if (DataType.isMap(t)) {
    const offsets = data.valueOffsets as Int32Array;
    const entries = data.children[0]!;
    const keys = entries.children[0]!;
    const values = entries.children[1]!;
    const readKey = cellReader(keys, true);
    const readValue = cellReader(values, true);
    return (i) => {
      if (inner && offsets[i] === offsets[i + 1]) return EMPTY_COLLECTION;
      const out = new Map<unknown, unknown>();
      for (let k = offsets[i]!; k < offsets[i + 1]!; k++) {
        out.set(readKey(k), isValid(values, k) ? readValue(k) : null);
      }
      return out;
    };
  }
  // Structs: JSON text.
  const json = jsonWriter(data);
  const sink = new ByteSink(1 << 10);
  const decoder = new TextDecoder();
  return (i) => {
    sink.pos = 0;
    json(sink, i);
    return decoder.decode(sink.buf.subarray(0, sink.pos));
  };
}

/**
 * About the bytes rows take as CQL values (each value's length prefix and content, as the native
 * protocol carries them): what a run's byte limit counts for a Cassandra step.
 */
export function parameterBytes(rows: readonly (readonly unknown[])[]): number {
  let n = 0;
  for (const row of rows) for (const v of row) n += 4 + valueBytes(v);
  return n;
}

/**
 * parameterBytes of a batch's parameters (`rows`, as batchParameters made them), counted per
 * column: a column sent as read (`asRead[c]`: no adapter changed its values) whose type has a
 * fixed size or is text or binary is counted from its Arrow buffers (its validity and offsets),
 * the others (decimals as text, collections, JSON, adapted values) value by value.
 */
export function batchBytes(
  batch: RecordBatch,
  rows: readonly (readonly unknown[])[],
  asRead: readonly boolean[],
): number {
  let n = 4 * rows.length * batch.numCols;
  for (let c = 0; c < batch.numCols; c++) {
    const counted = asRead[c] ? bufferBytes(batch.getChildAt(c)!.data) : undefined;
    if (counted !== undefined) n += counted;
    else for (const row of rows) n += valueBytes(row[c]);
  }
  return n;
}

/** The content bytes of a column's valid values as valueBytes counts them, from its buffers; undefined for other types. */
function bufferBytes(chunks: readonly Data[]): number | undefined {
  let n = 0;
  for (const data of chunks) {
    const t = data.type;
    const valid = data.length - data.nullCount;
    // Numbers, bigints, epoch milliseconds and LocalDates: 8 bytes each; booleans 1.
    if (DataType.isInt(t) || DataType.isFloat(t) || DataType.isTimestamp(t) || DataType.isDate(t))
      n += 8 * valid;
    else if (DataType.isBool(t)) n += valid;
    else if (DataType.isUtf8(t) || DataType.isBinary(t)) {
      // UTF-8 bytes are the text's Buffer.byteLength; a null's slot may hold bytes, so only valid ones count.
      const offsets = data.valueOffsets as Int32Array;
      if (data.nullCount === 0) n += offsets[data.length]! - offsets[0]!;
      else for (let i = 0; i < data.length; i++) if (isValid(data, i)) n += offsets[i + 1]! - offsets[i]!;
    } else return undefined;
  }
  return n;
}

function valueBytes(v: unknown): number {
  if (v === null || v === undefined) return 0;
  if (typeof v === "string") return Buffer.byteLength(v);
  if (typeof v === "boolean") return 1;
  if (typeof v === "number" || typeof v === "bigint") return 8;
  if (v instanceof Uint8Array) return v.byteLength;
  if (Array.isArray(v)) return 4 + v.reduce((sum: number, x) => sum + 4 + valueBytes(x), 0);
  if (v instanceof Map) {
    let sum = 4;
    for (const [k, x] of v) sum += 8 + valueBytes(k) + valueBytes(x);
    return sum;
  }
  // LocalDate and other driver values: a date is 4 bytes, the rest at most 16.
  return 8;
}
