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
import { type CellWriter, writeBatchRows } from "../table/write-batch-rows.ts";

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

/** Microseconds from 1970-01-01 to 2000-01-01, PostgreSQL's epoch; days likewise. */
const PG_EPOCH_MICROS = 946_684_800_000_000;
const PG_EPOCH_DAYS = 10_957;

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
  writeBatchRows(out, batch, (d, c) => cellWriter(d, types[c]!), {
    rowStart: (o) => int16(o, n),
    nullCell: (o) => int32(o, -1),
  });
}

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

function int16(out: ByteSink, v: number): void {
  out.ensure(2);
  const b = out.buf;
  const p = out.pos;
  b[p] = (v >> 8) & 255;
  b[p + 1] = v & 255;
  out.pos = p + 2;
}

/** `v`'s low 32 bits, big-endian, at `p` of `b`. */
function put32(b: Uint8Array, p: number, v: number): void {
  b[p] = (v >>> 24) & 255;
  b[p + 1] = (v >>> 16) & 255;
  b[p + 2] = (v >>> 8) & 255;
  b[p + 3] = v & 255;
}

function int32(out: ByteSink, v: number): void {
  out.ensure(4);
  put32(out.buf, out.pos, v);
  out.pos += 4;
}

/** A 64-bit integer from its high and low 32 bits, after its length (8). */
function int64(out: ByteSink, hi: number, lo: number): void {
  out.ensure(12);
  const b = out.buf;
  const p = out.pos;
  put32(b, p, 8);
  put32(b, p + 4, hi);
  put32(b, p + 8, lo);
  out.pos = p + 12;
}

/** A 32-bit value after its length (4). */
function int32Value(out: ByteSink, v: number): void {
  out.ensure(8);
  put32(out.buf, out.pos, 4);
  put32(out.buf, out.pos + 4, v);
  out.pos += 8;
}

/** An integer below 2^53 in magnitude as a 64-bit value. */
function int64OfNumber(out: ByteSink, v: number): void {
  const hi = Math.floor(v / 4294967296);
  int64(out, hi, v - hi * 4294967296);
}

const scratch = new DataView(new ArrayBuffer(8));

function cellWriter(data: Data, type: string): CellWriter {
  const t = data.type;
  if (DataType.isInt(t)) {
    const values = data.values as ArrayLike<number> & ArrayBufferView;
    if (values instanceof BigInt64Array || values instanceof BigUint64Array) {
      const words = new Int32Array(values.buffer, values.byteOffset, values.length * 2);
      return (out, i) => int64(out, words[2 * i + 1]!, words[2 * i]!);
    }
    if (type === "int8") return (out, i) => int64OfNumber(out, values[i]!);
    if (type === "int2") {
      return (out, i) => {
        int32(out, 2);
        int16(out, values[i]!);
      };
    }
    return (out, i) => int32Value(out, values[i]!);
  }
  if (DataType.isFloat(t)) {
    const values = data.values as ArrayLike<number>;
    if (type === "float4") {
      return (out, i) => {
        scratch.setFloat32(0, values[i]!);
        int32(out, 4);
        int32(out, scratch.getInt32(0));
      };
    }
    return (out, i) => {
      scratch.setFloat64(0, values[i]!);
      int64(out, scratch.getInt32(0), scratch.getInt32(4));
    };
  }
  if (DataType.isDecimal(t)) {
    const read = decimalReader(data);
    const words = data.values as Uint32Array;
    const scale = (t as Decimal).scale;
    return (out, i) => {
      if (!smallNumeric(out, words, 4 * i, scale)) numeric(out, read(i), scale);
    };
  }
  if (DataType.isUtf8(t)) {
    const offsets = data.valueOffsets as Int32Array;
    const bytes = data.values as Uint8Array;
    return (out, i) => {
      const a = offsets[i]!;
      const len = offsets[i + 1]! - a;
      out.ensure(4 + len);
      const b = out.buf;
      let p = out.pos;
      b[p] = (len >>> 24) & 255;
      b[p + 1] = (len >>> 16) & 255;
      b[p + 2] = (len >>> 8) & 255;
      b[p + 3] = len & 255;
      p += 4;
      // Short values byte by byte: a subarray per value would be garbage for the collector.
      if (len <= 64) for (let j = 0; j < len; j++) b[p + j] = bytes[a + j]!;
      else b.set(bytes.subarray(a, a + len), p);
      out.pos = p + len;
    };
  }
  if (DataType.isBool(t)) {
    const read = boolReader(data);
    return (out, i) => {
      int32(out, 1);
      out.byte(read(i) ? 1 : 0);
    };
  }
  if (DataType.isDate(t)) {
    const values = data.values as ArrayLike<number>;
    return (out, i) => int32Value(out, values[i]! - PG_EPOCH_DAYS);
  }
  if (DataType.isTimestamp(t)) {
    const read = int64AsNumberReader(data);
    const toMicros = [1_000_000, 1000, 1, 0.001][(t as { unit: TimeUnit }).unit] ?? 1;
    return (out, i) => int64OfNumber(out, Math.floor(read(i) * toMicros) - PG_EPOCH_MICROS);
  }
  const read = binaryReader(data);
  return (out, i) => {
    const v = read(i);
    int32(out, v.length);
    out.bytes(v);
  };
}

const POW10 = [1, 10, 100, 1000];
const groups = new Float64Array(8);

/**
 * numeric() for the usual decimal, whose unscaled value (128-bit two's complement words, low
 * first) and its fraction padded to whole base-10000 digits stay below 2^53: computed with
 * numbers, no BigInt or text. False (nothing written) for any other.
 */
function smallNumeric(out: ByteSink, words: Uint32Array, k: number, scale: number): boolean {
  const lo = words[k]!;
  const hi = words[k + 1]!;
  const top = words[k + 2]! | words[k + 3]!;
  let magnitude: number;
  let negative = false;
  if (top === 0 && hi < 0x200000) magnitude = hi * 4294967296 + lo;
  else if (words[k + 2] === 0xffffffff && words[k + 3] === 0xffffffff && hi >= 0xffe00000) {
    negative = true;
    magnitude = (0xffffffff - hi) * 4294967296 + (4294967296 - lo);
  } else return false;
  const fractionGroups = Math.ceil(scale / 4);
  let u = magnitude * POW10[fractionGroups * 4 - scale]!;
  if (u > Number.MAX_SAFE_INTEGER) return false;
  // Base-10000 digits, least significant first.
  let m = 0;
  while (u > 0) {
    const q = Math.floor(u / 10000);
    groups[m++] = u - q * 10000;
    u = q;
  }
  let low = 0;
  while (low < m && groups[low] === 0) low++;
  const n = m - low;
  const size = 8 + 2 * n;
  out.ensure(4 + size);
  const b = out.buf;
  let p = out.pos;
  const weight = n === 0 ? 0 : m - fractionGroups - 1;
  const sign = negative && n > 0 ? 0x4000 : 0;
  b[p] = 0;
  b[p + 1] = 0;
  b[p + 2] = (size >> 8) & 255;
  b[p + 3] = size & 255;
  b[p + 4] = (n >> 8) & 255;
  b[p + 5] = n & 255;
  b[p + 6] = (weight >> 8) & 255;
  b[p + 7] = weight & 255;
  b[p + 8] = sign >> 8;
  b[p + 9] = 0;
  b[p + 10] = (scale >> 8) & 255;
  b[p + 11] = scale & 255;
  p += 12;
  for (let j = m - 1; j >= low; j--) {
    const g = groups[j]!;
    b[p] = g >> 8;
    b[p + 1] = g & 255;
    p += 2;
  }
  out.pos = p;
  return true;
}

/**
 * An exact decimal (`unscaled` x 10^-scale) as PostgreSQL's numeric: base-10000 digits with
 * the weight of the first, a sign and the display scale.
 */
function numeric(out: ByteSink, unscaled: bigint, scale: number): void {
  const negative = unscaled < 0n;
  const text = (negative ? -unscaled : unscaled).toString().padStart(scale + 1, "0");
  const whole = text.slice(0, text.length - scale);
  const fraction = text.slice(text.length - scale);
  const wholeGroups = Math.ceil(whole.length / 4);
  const padded = whole.padStart(wholeGroups * 4, "0") + fraction.padEnd(Math.ceil(scale / 4) * 4, "0");
  const digits: number[] = [];
  for (let k = 0; k < padded.length; k += 4) digits.push(Number(padded.slice(k, k + 4)));
  let weight = wholeGroups - 1;
  let first = 0;
  while (first < digits.length && digits[first] === 0) {
    first++;
    weight--;
  }
  let last = digits.length;
  while (last > first && digits[last - 1] === 0) last--;
  const kept = digits.slice(first, last);
  int32(out, 8 + 2 * kept.length);
  int16(out, kept.length);
  int16(out, kept.length === 0 ? 0 : weight);
  int16(out, negative && kept.length > 0 ? 0x4000 : 0);
  int16(out, scale);
  for (const d of kept) int16(out, d);
}
