import {
  Field as ArrowField,
  type DataType as ArrowType,
  Binary,
  Bool,
  Data,
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
  RecordBatch,
  Schema,
  Struct,
  TimestampMicrosecond,
  Utf8,
} from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import type { DataType } from "../../model/data-type.ts";
import { int32s, uint8s } from "../../util/small-arrays.ts";
import type { Column } from "./column.ts";

/** The Arrow types of the Spark types with no parameters. */
const SIMPLE_ARROW_TYPES: Readonly<
  Record<Exclude<DataType["kind"], "decimal" | "array" | "map" | "struct">, () => ArrowType>
> = {
  string: () => new Utf8(),
  int: () => new Int32(),
  long: () => new Int64(),
  short: () => new Int16(),
  byte: () => new Int8(),
  double: () => new Float64(),
  float: () => new Float32(),
  boolean: () => new Bool(),
  date: () => new DateDay(),
  timestamp: () => new TimestampMicrosecond("UTC"),
  binary: () => new Binary(),
};

/** The Arrow type of a Spark type: one row of the type-mapping table (Spark → Arrow). */
export function arrowTypeOf(t: DataType): ArrowType {
  switch (t.kind) {
    case "decimal":
      return new Decimal(t.scale, t.precision, 128);
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
    default:
      return SIMPLE_ARROW_TYPES[t.kind]();
  }
}

const encoder = new TextEncoder();

/** Arrow's Struct constructor is typed for statically known children; ours are known at run time. */
function struct(fields: ArrowField[]): Struct {
  return new Struct(fields as unknown as ConstructorParameters<typeof Struct>[0]);
}

const NO_NULLS = new Uint8Array(0);

type Buffers = ConstructorParameters<typeof Data>[4];

/** Arrow data from its buffers: value offsets, values, validity bitmap (the layout makeData builds). */
function arrowData<T extends ArrowType>(
  type: T,
  length: number,
  nullCount: number,
  offsets: Int32Array | undefined,
  values: ArrayBufferView | undefined,
  bitmap: Uint8Array,
  children?: Data[],
): Data<T> {
  return new Data(type, 0, length, nullCount, [offsets, values, bitmap] as Buffers, children) as Data<T>;
}

/** The validity bitmap of a column (Arrow's empty bitmap when it holds no nulls) and its null count. */
function validity(col: Column): { bitmap: Uint8Array; nullCount: number } {
  if (!col.nulls) return { bitmap: NO_NULLS, nullCount: 0 };
  const bitmap = uint8s(((col.length + 63) >> 6) << 3);
  let nulls = 0;
  for (let i = 0; i < col.length; i++) {
    if (col.nulls[i] === 1) nulls++;
    else bitmap[i >> 3]! |= 1 << (i & 7);
  }
  return nulls === 0 ? { bitmap: NO_NULLS, nullCount: 0 } : { bitmap, nullCount: nulls };
}

/**
 * Arrow data for a column of the given Arrow type (arrowTypeOf of the column's type), sharing
 * typed-array buffers where the layout already matches. Built with Data's constructor, as
 * makeData would build it, without a visitor dispatch per column: tiny batches (samples) pay
 * for that per request.
 */
function columnToArrow(col: Column, type: ArrowType): Data {
  const { bitmap, nullCount } = validity(col);
  const length = col.length;
  const make = (offsets: Int32Array | undefined, values: ArrayBufferView | undefined, children?: Data[]) =>
    arrowData(type, length, nullCount, offsets, values, bitmap, children);
  switch (col.shape) {
    case "list":
      return make(col.offsets, undefined, [columnToArrow(col.element, type.children[0]!.type)]);
    case "map": {
      const entriesType = type.children[0]!.type as Struct;
      const entries = arrowData(entriesType, col.keys.length, 0, undefined, undefined, NO_NULLS, [
        columnToArrow(col.keys, entriesType.children[0]!.type),
        columnToArrow(col.values, entriesType.children[1]!.type),
      ]);
      return make(col.offsets, undefined, [entries]);
    }
    case "struct":
      return make(
        undefined,
        undefined,
        col.children.map((c, i) => columnToArrow(c, type.children[i]!.type)),
      );
    case "scalar":
      break;
  }
  const values = col.values;
  switch (col.type.kind) {
    case "int":
    case "date":
    case "double":
      return make(undefined, values as Int32Array | Float64Array);
    case "short":
      return make(undefined, Int16Array.from(values as Int32Array));
    case "byte":
      return make(undefined, Int8Array.from(values as Int32Array));
    case "long":
    case "timestamp":
      return make(undefined, int64FromDoubles(values as Float64Array, length));
    case "float":
      return make(undefined, Float32Array.from(values as Float64Array));
    case "decimal":
      return make(undefined, decimalWords(values as Float64Array | bigint[], length));
    case "boolean": {
      const src = values as Uint8Array;
      const bits = uint8s(((length + 63) >> 6) << 3);
      for (let i = 0; i < length; i++) if (src[i] === 1) bits[i >> 3]! |= 1 << (i & 7);
      return make(undefined, bits);
    }
    case "string": {
      const { offsets, bytes } = utf8Strings(values as string[], length);
      return make(offsets, bytes);
    }
    case "binary": {
      const chunks = values as Uint8Array[];
      const offsets = int32s(length + 1);
      let total = 0;
      for (let i = 0; i < length; i++) {
        total += chunks[i]!.length;
        offsets[i + 1] = total;
      }
      const data = uint8s(total);
      for (let i = 0; i < length; i++) data.set(chunks[i]!, offsets[i]!);
      return make(offsets, data);
    }
    default:
      throw new RowforgeError("RF_INTERNAL", `no Arrow conversion for ${col.type.kind}`);
  }
}

/**
 * Whole numbers held in doubles (exact below 2^53) as int64 words, without a BigInt per value.
 */
function int64FromDoubles(src: Float64Array, length: number): BigInt64Array {
  const words = int32s(2 * length);
  const out = new BigInt64Array(words.buffer, words.byteOffset, length);
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
  const offsets = int32s(length + 1);
  const joined = strings.length === length ? strings.join("") : strings.slice(0, length).join("");
  const bytes = joined.length <= SMALL_TEXT ? smallUtf8(joined) : encoder.encode(joined);
  const ascii = bytes.length === joined.length;
  let pos = 0;
  for (let i = 0; i < length; i++) {
    const s = strings[i]!;
    pos += ascii ? s.length : Buffer.byteLength(s, "utf8");
    offsets[i + 1] = pos;
  }
  return { offsets, bytes };
}

/** Below this many characters text is encoded into a small array rather than a buffer of its own. */
const SMALL_TEXT = 1024;

function smallUtf8(text: string): Uint8Array {
  const bytes = uint8s(Buffer.byteLength(text, "utf8"));
  encoder.encodeInto(text, bytes);
  return bytes;
}

/** Decimal128 little-endian words from unscaled values (two's complement for negatives); exported for its test. */
export function decimalWords(values: Float64Array | bigint[], length: number): Uint32Array {
  const out = new Uint32Array(length * 4);
  const mask = (1n << 32n) - 1n;
  for (let i = 0; i < length; i++) {
    const v = values[i]!;
    if (typeof v === "number" && Number.isSafeInteger(v)) {
      // Numbers below 2^53 without BigInt (a fifth of a worker's time for two decimal columns):
      // the high word of a negative value floors below zero, its upper words are all ones.
      const hi = Math.floor(v / 4294967296);
      out[i * 4] = v - hi * 4294967296;
      out[i * 4 + 1] = hi >>> 0;
      const sign = v < 0 ? 0xffffffff : 0;
      out[i * 4 + 2] = sign;
      out[i * 4 + 3] = sign;
      continue;
    }
    let x = typeof v === "bigint" ? v : BigInt(v);
    if (x < 0n) x += 1n << 128n;
    for (let w = 0; w < 4; w++) {
      out[i * 4 + w] = Number(x & mask);
      x >>= 32n;
    }
  }
  return out;
}

/** The Arrow schema of a batch's columns: made once per compiled step, shared by its batches. */
export interface BatchShape {
  readonly schema: Schema;
  readonly type: Struct;
}

export function batchShape(
  columns: readonly { readonly name: string; readonly type: DataType; readonly nullable: boolean }[],
): BatchShape {
  const fields = columns.map((c) => new ArrowField(c.name, arrowTypeOf(c.type), c.nullable));
  return { schema: new Schema(fields), type: struct(fields) };
}

/**
 * A record batch of `length` rows of columns (all that long) in the order of the shape's
 * fields; a step of no fields has rows too (an OpenAPI operation without parameters or body).
 */
export function toRecordBatch(
  shape: BatchShape,
  columns: readonly Column[],
  length = columns[0]?.length ?? 0,
): RecordBatch {
  const children = columns.map((c, i) => columnToArrow(c, shape.schema.fields[i]!.type));
  return recordBatchOf(
    shape.schema,
    arrowData(shape.type, length, 0, undefined, undefined, NO_NULLS, children),
  );
}

/**
 * A record batch over a schema and struct data that already agree (same fields, one length).
 * RecordBatch's constructor derives both again (a new schema with every field cloned and
 * several Maps per field): a third of what a 10-row sample allocated. The fields set here are
 * the ones the constructor sets; to-arrow.test.ts checks the result against the constructor's.
 */
function recordBatchOf(schema: Schema, data: Data<Struct>): RecordBatch {
  const batch = Object.create(RecordBatch.prototype) as RecordBatch;
  Object.assign(batch, { schema, data, _metadata: new Map<string, string>() });
  return batch;
}
