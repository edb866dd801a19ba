import {
  type Data,
  DataType,
  type Decimal,
  type RecordBatch,
  type Schema,
  type TimeUnit,
} from "apache-arrow";
import {
  binaryReader,
  boolReader,
  decimalReader,
  int64AsNumberReader,
  isValid,
} from "../../formats/arrow-values/arrow-cells.ts";
import type { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import { type CellWriter, type RowLayout, writeBatchRows } from "../table/write-batch-rows.ts";
import {
  boolValue,
  dateValue,
  float4Value,
  float8Value,
  int16,
  int16Value,
  int32,
  int32Value,
  int64,
  int64OfNumber,
  numericValue,
  smallNumericValue,
  timestampValue,
  utf8Value,
} from "./copy-binary-values.ts";

/**
 * Rows in PostgreSQL's binary COPY format (`COPY ... FROM STDIN WITH (FORMAT binary)`): each
 * value in its column type's own binary form, which the server stores without parsing text
 * (a third less of its time than CSV for a table of numbers, decimals, dates and timestamps).
 * The binary form must be the column's exact type, so a step goes binary only when every
 * field's Arrow type has a writer for its column's type (binaryColumnTypes); otherwise the
 * sink uses COPY CSV (copy-csv.ts).
 */

/** `PGCOPY\n\377\r\n\0`, flags 0, no header extension. */
export const COPY_BINARY_HEADER = new Uint8Array([
  0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0,
]);
/** A field count of -1 ends the data. */
export const COPY_BINARY_TRAILER = new Uint8Array([0xff, 0xff]);

/** The column types (pg_type.typname) a field of this Arrow type can be written to in binary. */
function targetsOf(data: { type: DataType }): readonly string[] {
  const t = data.type;
  if (DataType.isInt(t)) {
    if (!t.isSigned) return [];
    return t.bitWidth === 64 ? ["int8"] : t.bitWidth === 32 ? ["int4", "int8"] : ["int2", "int4", "int8"];
  }
  if (DataType.isFloat(t)) return t.precision === 2 ? ["float8"] : ["float4", "float8"];
  if (DataType.isDecimal(t)) return ["numeric"];
  if (DataType.isUtf8(t)) return ["text", "varchar", "bpchar"];
  if (DataType.isBool(t)) return ["bool"];
  if (DataType.isDate(t)) return (t as { unit: number }).unit === 0 ? ["date"] : [];
  if (DataType.isTimestamp(t)) return ["timestamp", "timestamptz"];
  if (DataType.isBinary(t)) return ["bytea"];
  return [];
}

/**
 * The column types to write in binary, in the schema's field order, when every field can go
 * to its column's type (`types`: pg_type.typname per field); undefined when one cannot.
 */
export function binaryColumnTypes(schema: Schema, types: readonly string[]): string[] | undefined {
  if (types.length !== schema.fields.length) return undefined;
  const ok = schema.fields.every((f, k) => targetsOf(f).includes(types[k]!));
  return ok ? [...types] : undefined;
}

/** Writes a batch's rows as binary COPY tuples (no header or trailer) for columns of `types`. */
export function writeCopyBinary(out: ByteSink, batch: RecordBatch, types: readonly string[]): void {
  const n = batch.schema.fields.length;
  const columns = batch.schema.fields.map((_, k) => batch.getChildAt(k)!.data);
  if (columns.every((chunks) => chunks.length === 1)) {
    writeSingleChunks(
      out,
      columns.map((chunks) => chunks[0]!),
      types,
      batch.numRows,
    );
    return;
  }
  writeBatchRows(out, batch, (d, c) => cellWriter(d, types[c]!), copyBinaryRows(n));
}

/** A binary COPY tuple of `n` fields: their count first, a null as length -1. */
export const copyBinaryRows = (n: number): RowLayout => ({
  rowStart: (o) => int16(o, n),
  nullCell: (o) => int32(o, -1),
});

/** The usual batch, one chunk per column: no chunk cursors, and null checks only where nulls are. */
function writeSingleChunks(
  out: ByteSink,
  data: readonly Data[],
  types: readonly string[],
  rows: number,
): void {
  const n = data.length;
  const writers = data.map((d, c) => cellWriter(d, types[c]!));
  const nullable = data.map((d) => d.nullCount > 0 && d.nullBitmap !== undefined && d.nullBitmap.length > 0);
  for (let row = 0; row < rows; row++) {
    int16(out, n);
    for (let c = 0; c < n; c++) {
      if (nullable[c] && !isValid(data[c]!, row)) int32(out, -1);
      else writers[c]!(out, row);
    }
  }
}

function cellWriter(data: Data, type: string): CellWriter {
  const t = data.type;
  if (DataType.isInt(t)) {
    const values = data.values as ArrayLike<number> & ArrayBufferView;
    if (values instanceof BigInt64Array || values instanceof BigUint64Array) {
      const words = new Int32Array(values.buffer, values.byteOffset, values.length * 2);
      return (out, i) => int64(out, words[2 * i + 1]!, words[2 * i]!);
    }
    if (type === "int8") return (out, i) => int64OfNumber(out, values[i]!);
    if (type === "int2") return (out, i) => int16Value(out, values[i]!);
    return (out, i) => int32Value(out, values[i]!);
  }
  if (DataType.isFloat(t)) {
    const values = data.values as ArrayLike<number>;
    if (type === "float4") return (out, i) => float4Value(out, values[i]!);
    return (out, i) => float8Value(out, values[i]!);
  }
  if (DataType.isDecimal(t)) {
    const read = decimalReader(data);
    const words = data.values as Uint32Array;
    const scale = (t as Decimal).scale;
    return (out, i) => {
      if (!smallNumeric(out, words, 4 * i, scale)) numericValue(out, read(i), scale);
    };
  }
  if (DataType.isUtf8(t)) {
    const offsets = data.valueOffsets as Int32Array;
    const bytes = data.values as Uint8Array;
    return (out, i) => utf8Value(out, bytes, offsets[i]!, offsets[i + 1]! - offsets[i]!);
  }
  if (DataType.isBool(t)) {
    const read = boolReader(data);
    return (out, i) => boolValue(out, read(i));
  }
  if (DataType.isDate(t)) {
    const values = data.values as ArrayLike<number>;
    return (out, i) => dateValue(out, values[i]!);
  }
  if (DataType.isTimestamp(t)) {
    const read = int64AsNumberReader(data);
    const toMicros = [1_000_000, 1000, 1, 0.001][(t as { unit: TimeUnit }).unit] ?? 1;
    return (out, i) => timestampValue(out, read(i) * toMicros);
  }
  const read = binaryReader(data);
  return (out, i) => {
    const v = read(i);
    int32(out, v.length);
    out.bytes(v);
  };
}

/**
 * The usual decimal (128-bit two's complement words, low first), whose unscaled value fits a
 * double exactly, through smallNumericValue; false (nothing written) for any other.
 */
function smallNumeric(out: ByteSink, words: Uint32Array, k: number, scale: number): boolean {
  const lo = words[k]!;
  const hi = words[k + 1]!;
  const top = words[k + 2]! | words[k + 3]!;
  if (top === 0 && hi < 0x200000) return smallNumericValue(out, hi * 4294967296 + lo, false, scale);
  if (words[k + 2] === 0xffffffff && words[k + 3] === 0xffffffff && hi >= 0xffe00000)
    return smallNumericValue(out, (0xffffffff - hi) * 4294967296 + (4294967296 - lo), true, scale);
  return false;
}
