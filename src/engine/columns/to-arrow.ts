import {
  Field as ArrowField,
  type DataType as ArrowType,
  Binary,
  Bool,
  type Data,
  DateDay,
  Decimal,
  Float32,
  Float64,
  Int8,
  Int16,
  Int32,
  Int64,
  List,
  Map_,
  makeData,
  RecordBatch,
  Schema,
  Struct,
  TimestampMicrosecond,
  Utf8,
} from "apache-arrow";
import type { DataType } from "../../model/data-type.ts";
import type { Column } from "./column.ts";

/** The Arrow type of a Spark type: one row of the type-mapping table (Spark → Arrow). */
export function arrowTypeOf(t: DataType): ArrowType {
  switch (t.kind) {
    case "string":
      return new Utf8();
    case "int":
      return new Int32();
    case "long":
      return new Int64();
    case "short":
      return new Int16();
    case "byte":
      return new Int8();
    case "double":
      return new Float64();
    case "float":
      return new Float32();
    case "decimal":
      return new Decimal(t.scale, t.precision, 128);
    case "boolean":
      return new Bool();
    case "date":
      return new DateDay();
    case "timestamp":
      return new TimestampMicrosecond("UTC");
    case "binary":
      return new Binary();
    case "array":
      return new List(new ArrowField("element", arrowTypeOf(t.element), true));
    case "map":
      return new Map_(
        new ArrowField(
          "entries",
          struct([
            new ArrowField("key", arrowTypeOf(t.key), false),
            new ArrowField("value", arrowTypeOf(t.value), true),
          ]),
          false,
        ),
      );
    case "struct":
      return struct(t.fields.map((f) => new ArrowField(f.name, arrowTypeOf(f.type), f.nullable)));
  }
}

const encoder = new TextEncoder();

/** Arrow's Struct constructor is typed for statically known children; ours are known at run time. */
function struct(fields: ArrowField[]): Struct {
  return new Struct(fields as unknown as ConstructorParameters<typeof Struct>[0]);
}

function validity(col: Column): { nullBitmap?: Uint8Array; nullCount: number } {
  if (!col.nulls) return { nullCount: 0 };
  const bitmap = new Uint8Array(((col.length + 63) >> 6) << 3);
  let nulls = 0;
  for (let i = 0; i < col.length; i++) {
    if (col.nulls[i] === 1) nulls++;
    else bitmap[i >> 3]! |= 1 << (i & 7);
  }
  return nulls === 0 ? { nullCount: 0 } : { nullBitmap: bitmap, nullCount: nulls };
}

/** Arrow data for a column, sharing typed-array buffers where the layout already matches. */
export function columnToArrow(col: Column): Data {
  const type = arrowTypeOf(col.type);
  const v = validity(col);
  const length = col.length;
  switch (col.shape) {
    case "list":
      return makeData({
        type: type as List,
        length,
        ...v,
        valueOffsets: col.offsets,
        child: columnToArrow(col.element),
      });
    case "map": {
      const entries = makeData({
        type: (type as Map_).children[0]!.type as Struct,
        length: col.keys.length,
        nullCount: 0,
        children: [columnToArrow(col.keys), columnToArrow(col.values)],
      });
      return makeData({ type: type as Map_, length, ...v, valueOffsets: col.offsets, child: entries });
    }
    case "struct":
      return makeData({ type: type as Struct, length, ...v, children: col.children.map(columnToArrow) });
    case "scalar":
      break;
  }
  const values = col.values;
  switch (col.type.kind) {
    case "int":
    case "date":
      return makeData({ type: type as Int32, length, ...v, data: values as Int32Array });
    case "short":
      return makeData({ type: type as Int16, length, ...v, data: Int16Array.from(values as Int32Array) });
    case "byte":
      return makeData({ type: type as Int8, length, ...v, data: Int8Array.from(values as Int32Array) });
    case "long":
    case "timestamp":
      return makeData({
        type: type as Int64,
        length,
        ...v,
        data: int64FromDoubles(values as Float64Array, length),
      });
    case "double":
      return makeData({ type: type as Float64, length, ...v, data: values as Float64Array });
    case "float":
      return makeData({
        type: type as Float32,
        length,
        ...v,
        data: Float32Array.from(values as Float64Array),
      });
    case "decimal":
      return makeData({
        type: type as Decimal,
        length,
        ...v,
        data: decimalWords(values as Float64Array | bigint[], length),
      });
    case "boolean": {
      const src = values as Uint8Array;
      const bits = new Uint8Array(((length + 63) >> 6) << 3);
      for (let i = 0; i < length; i++) if (src[i] === 1) bits[i >> 3]! |= 1 << (i & 7);
      return makeData({ type: type as Bool, length, ...v, data: bits });
    }
    case "string": {
      const { offsets, bytes } = utf8Strings(values as string[], length);
      return makeData({ type: type as Utf8, length, ...v, valueOffsets: offsets, data: bytes });
    }
    case "binary": {
      const chunks = values as Uint8Array[];
      const offsets = new Int32Array(length + 1);
      let total = 0;
      for (let i = 0; i < length; i++) {
        total += chunks[i]!.length;
        offsets[i + 1] = total;
      }
      const data = new Uint8Array(total);
      for (let i = 0; i < length; i++) data.set(chunks[i]!, offsets[i]!);
      return makeData({ type: type as Binary, length, ...v, valueOffsets: offsets, data });
    }
    default:
      throw new Error(`no Arrow conversion for ${col.type.kind}`);
  }
}

/**
 * Whole numbers held in doubles (exact below 2^53) as int64 words, without a BigInt per value.
 */
function int64FromDoubles(src: Float64Array, length: number): BigInt64Array {
  const out = new BigInt64Array(length);
  const words = new Int32Array(out.buffer);
  for (let i = 0; i < length; i++) {
    const x = src[i]!;
    const hi = Math.floor(x / 4294967296);
    words[2 * i] = (x - hi * 4294967296) | 0;
    words[2 * i + 1] = hi | 0;
  }
  return out;
}

/**
 * UTF-8 bytes and offsets of many strings: joined and encoded once; when the text is ASCII
 * (bytes as many as characters) the offsets are the string lengths, otherwise each string
 * is measured.
 */
function utf8Strings(strings: string[], length: number): { offsets: Int32Array; bytes: Uint8Array } {
  const offsets = new Int32Array(length + 1);
  const joined = strings.length === length ? strings.join("") : strings.slice(0, length).join("");
  const bytes = encoder.encode(joined);
  const ascii = bytes.length === joined.length;
  let pos = 0;
  for (let i = 0; i < length; i++) {
    const s = strings[i]!;
    pos += ascii ? s.length : Buffer.byteLength(s, "utf8");
    offsets[i + 1] = pos;
  }
  return { offsets, bytes };
}

/** Decimal128 little-endian words from unscaled values (two's complement for negatives). */
function decimalWords(values: Float64Array | bigint[], length: number): Uint32Array {
  const out = new Uint32Array(length * 4);
  const mask = (1n << 32n) - 1n;
  for (let i = 0; i < length; i++) {
    let x = typeof values[i] === "bigint" ? (values[i] as bigint) : BigInt(values[i] as number);
    if (x < 0n) x += 1n << 128n;
    for (let w = 0; w < 4; w++) {
      out[i * 4 + w] = Number(x & mask);
      x >>= 32n;
    }
  }
  return out;
}

/** A record batch from named columns (all of the same length). */
export function toRecordBatch(
  names: readonly string[],
  columns: readonly Column[],
  nullable: readonly boolean[],
): RecordBatch {
  const fields = columns.map((c, i) => new ArrowField(names[i]!, arrowTypeOf(c.type), nullable[i] ?? true));
  const schema = new Schema(fields);
  const length = columns[0]?.length ?? 0;
  const data = makeData({ type: struct(fields), length, nullCount: 0, children: columns.map(columnToArrow) });
  return new RecordBatch(schema, data);
}
