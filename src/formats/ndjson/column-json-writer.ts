import type { Column } from "../../engine/index.ts";
import type { DataType } from "../../model/data-type.ts";
import { decimalText } from "../arrow-values/arrow-cells.ts";
import type { ByteSink } from "../arrow-values/byte-sink.ts";
import { writeEntries } from "../arrow-values/json-renderer.ts";
import {
  type ColumnJsonWriter,
  Direct,
  type FieldsJsonWriter,
  fieldsJsonWriter,
} from "./fields-json-writer.ts";
import {
  hasNulls,
  int64Exact,
  int64RoundTrip,
  writeDouble,
  writeInteger,
  writeJsonString,
  writeNull,
  writeQuotedDate,
  writeQuotedTimestamp,
} from "./json-scalar-bytes.ts";

export type { ColumnJsonWriter, FieldsJsonWriter } from "./fields-json-writer.ts";

/**
 * JSON written straight from the engine's columns, without building the Arrow batch the
 * general path (json-renderer.ts) reads back: the same bytes, value for value, as that path
 * gives for the batch the columns would become (column-json-writer.test.ts compares the two).
 * Each value is written as the Arrow conversion (engine/columns/to-arrow.ts) would store it:
 * floats rounded to 32 bits, shorts and bytes wrapped, longs and timestamps through int64
 * words, decimals through 128-bit words.
 * The row loop of a batch's rows and of struct values is fields-json-writer.ts; the bytes of
 * single values json-scalar-bytes.ts.
 */

/** The unscaled value of a decimal as the 128-bit words of to-arrow.ts's decimalWords hold it. */
function decimalUnscaled(v: number | bigint): bigint {
  if (typeof v === "number" && Number.isSafeInteger(v)) return BigInt(v);
  return BigInt.asIntN(128, typeof v === "bigint" ? v : BigInt(v));
}

/**
 * Scalar writers, one class per stored type: each write() is its own function, so the call
 * sites inside it stay monomorphic (a shared closure calling a per-type callback would not).
 */
abstract class ScalarWriter<V> implements ColumnJsonWriter {
  protected values: V | undefined;
  protected nulls: Uint8Array | undefined;
  private readonly kind: DataType["kind"];
  constructor(kind: DataType["kind"]) {
    this.kind = kind;
  }
  protected abstract accepts(values: unknown): values is V;
  bind(col: Column): boolean {
    if (col.shape !== "scalar" || col.type.kind !== this.kind || !this.accepts(col.values)) return false;
    this.values = col.values;
    this.nulls = hasNulls(col) ? col.nulls : undefined;
    return true;
  }
  abstract write(out: ByteSink, i: number): void;
}

abstract class Int32Writer extends ScalarWriter<Int32Array> {
  protected accepts(v: unknown): v is Int32Array {
    return v instanceof Int32Array;
  }
}

abstract class Float64Writer extends ScalarWriter<Float64Array> {
  protected accepts(v: unknown): v is Float64Array {
    return v instanceof Float64Array;
  }
}

class StringWriter extends ScalarWriter<unknown[]> {
  readonly direct = Direct.Text;
  protected accepts(v: unknown): v is unknown[] {
    return Array.isArray(v);
  }
  write(out: ByteSink, i: number): void {
    const nulls = this.nulls;
    if (nulls !== undefined && nulls[i] === 1) {
      writeNull(out);
      return;
    }
    const s = this.values![i];
    writeJsonString(out, typeof s === "string" ? s : String(s));
  }
}

class IntWriter extends Int32Writer {
  readonly direct = Direct.Int;
  write(out: ByteSink, i: number): void {
    const nulls = this.nulls;
    if (nulls !== undefined && nulls[i] === 1) {
      writeNull(out);
      return;
    }
    writeInteger(out, this.values![i]!);
  }
}

/** Shorts and bytes: wrapped to 16 or 8 bits as Int16Array.from / Int8Array.from store them. */
class NarrowIntWriter extends Int32Writer {
  private readonly shift: number;
  constructor(kind: DataType["kind"], shift: number) {
    super(kind);
    this.shift = shift;
  }
  write(out: ByteSink, i: number): void {
    const nulls = this.nulls;
    if (nulls !== undefined && nulls[i] === 1) {
      writeNull(out);
      return;
    }
    writeInteger(out, (this.values![i]! << this.shift) >> this.shift);
  }
}

class LongWriter extends Float64Writer {
  write(out: ByteSink, i: number): void {
    const nulls = this.nulls;
    if (nulls !== undefined && nulls[i] === 1) {
      writeNull(out);
      return;
    }
    const v = this.values![i]!;
    const x = int64RoundTrip(v);
    if (Number.isSafeInteger(x)) writeInteger(out, x);
    else out.ascii(int64Exact(v).toString());
  }
}

class DoubleWriter extends Float64Writer {
  readonly direct = Direct.Double;
  write(out: ByteSink, i: number): void {
    const nulls = this.nulls;
    if (nulls !== undefined && nulls[i] === 1) {
      writeNull(out);
      return;
    }
    writeDouble(out, this.values![i]!);
  }
}

/** Floats: rounded to 32 bits as Float32Array.from stores them. */
class FloatWriter extends Float64Writer {
  write(out: ByteSink, i: number): void {
    const nulls = this.nulls;
    if (nulls !== undefined && nulls[i] === 1) {
      writeNull(out);
      return;
    }
    writeDouble(out, Math.fround(this.values![i]!));
  }
}

class DecimalWriter extends ScalarWriter<Float64Array | bigint[]> {
  private readonly scale: number;
  constructor(scale: number) {
    super("decimal");
    this.scale = scale;
  }
  protected accepts(v: unknown): v is Float64Array | bigint[] {
    return v instanceof Float64Array || Array.isArray(v);
  }
  write(out: ByteSink, i: number): void {
    const nulls = this.nulls;
    if (nulls !== undefined && nulls[i] === 1) {
      writeNull(out);
      return;
    }
    out.ascii(decimalText(decimalUnscaled(this.values![i]!), this.scale));
  }
}

class BooleanWriter extends ScalarWriter<Uint8Array> {
  protected accepts(v: unknown): v is Uint8Array {
    return v instanceof Uint8Array;
  }
  write(out: ByteSink, i: number): void {
    const nulls = this.nulls;
    if (nulls !== undefined && nulls[i] === 1) {
      writeNull(out);
      return;
    }
    out.ascii(this.values![i] === 1 ? "true" : "false");
  }
}

class DateWriter extends Int32Writer {
  readonly direct = Direct.Date;
  write(out: ByteSink, i: number): void {
    const nulls = this.nulls;
    if (nulls !== undefined && nulls[i] === 1) {
      writeNull(out);
      return;
    }
    writeQuotedDate(out, this.values![i]!);
  }
}

class TimestampWriter extends Float64Writer {
  readonly direct = Direct.Timestamp;
  write(out: ByteSink, i: number): void {
    const nulls = this.nulls;
    if (nulls !== undefined && nulls[i] === 1) {
      writeNull(out);
      return;
    }
    writeQuotedTimestamp(out, this.values![i]!);
  }
}

class BinaryWriter extends ScalarWriter<unknown[]> {
  protected accepts(v: unknown): v is unknown[] {
    return Array.isArray(v);
  }
  write(out: ByteSink, i: number): void {
    const nulls = this.nulls;
    if (nulls !== undefined && nulls[i] === 1) {
      writeNull(out);
      return;
    }
    const b = this.values![i] as Uint8Array;
    out.ascii(`"${Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("base64")}"`);
  }
}

/** The writer of values of `type`; ignoreNullFields (`omitNullFields`) leaves null struct fields out. */
export function compileColumnJsonWriter(type: DataType, omitNullFields: boolean): ColumnJsonWriter {
  switch (type.kind) {
    case "string":
      return new StringWriter("string");
    case "int":
      return new IntWriter("int");
    case "short":
      return new NarrowIntWriter("short", 16);
    case "byte":
      return new NarrowIntWriter("byte", 24);
    case "long":
      return new LongWriter("long");
    case "double":
      return new DoubleWriter("double");
    case "float":
      return new FloatWriter("float");
    case "decimal":
      return new DecimalWriter(type.scale);
    case "boolean":
      return new BooleanWriter("boolean");
    case "date":
      return new DateWriter("date");
    case "timestamp":
      return new TimestampWriter("timestamp");
    case "binary":
      return new BinaryWriter("binary");
    case "array":
      return listWriter(type.element, omitNullFields);
    case "map":
      return mapWriter(type.key, type.value, omitNullFields);
    case "struct":
      return structWriter(type.fields, omitNullFields);
  }
}

function listWriter(element: DataType, omitNullFields: boolean): ColumnJsonWriter {
  const child = compileColumnJsonWriter(element, omitNullFields);
  return entriesWriter(
    91,
    93,
    (col) => col.shape === "list" && col.type.kind === "array" && child.bind(col.element),
    (out, k) => child.write(out, k),
  );
}

function mapWriter(keyType: DataType, valueType: DataType, omitNullFields: boolean): ColumnJsonWriter {
  const keyIsText = keyType.kind === "string";
  const key = compileColumnJsonWriter(keyType, false);
  const value = compileColumnJsonWriter(valueType, omitNullFields);
  return entriesWriter(
    123,
    125,
    (col) => col.shape === "map" && col.type.kind === "map" && key.bind(col.keys) && value.bind(col.values),
    (out, k) => {
      if (!keyIsText) out.byte(34);
      key.write(out, k);
      if (!keyIsText) out.byte(34);
      out.byte(58);
      value.write(out, k);
    },
  );
}

/**
 * A list's or a map's values: `open`, each entry of the value's range (`entry`, written by the
 * children `bindChildren` bound), comma-separated, then `close`; null as null.
 */
function entriesWriter(
  open: number,
  close: number,
  bindChildren: (col: Column) => boolean,
  entry: (out: ByteSink, k: number) => void,
): ColumnJsonWriter {
  let offsets: Int32Array = new Int32Array(1);
  let nulls: Uint8Array | undefined;
  return {
    bind(col) {
      if ((col.shape !== "list" && col.shape !== "map") || !bindChildren(col)) return false;
      offsets = col.offsets;
      nulls = hasNulls(col) ? col.nulls : undefined;
      return true;
    },
    write(out, i) {
      if (nulls !== undefined && nulls[i] === 1) {
        writeNull(out);
        return;
      }
      writeEntries(out, open, close, offsets[i]!, offsets[i + 1]!, entry);
    },
  };
}

/** Struct values: `{"name":value,...}`; also the rows of a batch (fieldsWriter). */
function structWriter(
  fields: readonly { readonly name: string; readonly type: DataType }[],
  omitNullFields: boolean,
): ColumnJsonWriter {
  const row = fieldsWriter(fields, omitNullFields);
  let nulls: Uint8Array | undefined;
  return {
    bind(col) {
      if (col.shape !== "struct" || col.type.kind !== "struct" || col.children.length !== fields.length)
        return false;
      if (!row.bind(col.children)) return false;
      nulls = hasNulls(col) ? col.nulls : undefined;
      return true;
    },
    write(out, i) {
      if (nulls !== undefined && nulls[i] === 1) writeNull(out);
      else row.write(out, i);
    },
  };
}

/** The writer of objects made of these fields (a batch's rows, or a struct's values). */
export function fieldsWriter(
  fields: readonly { readonly name: string; readonly type: DataType }[],
  omitNullFields: boolean,
): FieldsJsonWriter {
  const children = fields.map((f) => compileColumnJsonWriter(f.type, omitNullFields));
  return fieldsJsonWriter(fields, children, omitNullFields);
}
