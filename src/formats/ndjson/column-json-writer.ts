import type { Column } from "../../engine/index.ts";
import type { DataType } from "../../model/data-type.ts";
import { decimalText } from "../arrow-values/arrow-cells.ts";
import type { ByteSink } from "../arrow-values/byte-sink.ts";
import { needsJsonEscape, writeJsonEscape } from "../arrow-values/json-escape.ts";
import { floatText, writeEntries } from "../arrow-values/json-renderer.ts";
import { writeDate, writeTimestamp } from "../arrow-values/temporal-bytes.ts";

/**
 * JSON written straight from the engine's columns, without building the Arrow batch the
 * general path (json-renderer.ts) reads back: the same bytes, value for value, as that path
 * gives for the batch the columns would become (column-json-writer.test.ts compares the two).
 * Each value is written as the Arrow conversion (engine/columns/to-arrow.ts) would store it:
 * floats rounded to 32 bits, shorts and bytes wrapped, longs and timestamps through int64
 * words, decimals through 128-bit words.
 *
 * A writer is compiled once for a type and bound to each batch's columns; bind() answers false
 * when a column is not stored as the type says (the caller then takes the general path).
 */
export interface ColumnJsonWriter {
  bind(col: Column): boolean;
  /** Writes value i of the bound column (`null` for a null). */
  write(out: ByteSink, i: number): void;
}

const NULL = [110, 117, 108, 108];
const encoder = new TextEncoder();

/** Writes "null" (4 bytes). */
function writeNull(out: ByteSink): void {
  out.ensure(4);
  const buf = out.buf;
  const p = out.pos;
  buf[p] = NULL[0]!;
  buf[p + 1] = NULL[1]!;
  buf[p + 2] = NULL[2]!;
  buf[p + 3] = NULL[3]!;
  out.pos = p + 4;
}

/**
 * A string as JSON: text without quotes, backslashes or control characters (nearly all
 * generated text) copied code unit by code unit; from its first other character on, the rest
 * is escaped and encoded to UTF-8 here (writeJsonRest) as json-renderer's writeJsonBytes
 * escapes the bytes of an Arrow string.
 */
export function writeJsonString(out: ByteSink, s: string): void {
  const n = s.length;
  out.ensure(n + 2);
  const buf = out.buf;
  let p = out.pos;
  buf[p++] = 34;
  for (let k = 0; k < n; k++) {
    const c = s.charCodeAt(k);
    if (c < 0x20 || c > 0x7e || c === 34 || c === 92) {
      out.pos = p;
      writeJsonRest(out, s, k);
      return;
    }
    buf[p++] = c;
  }
  buf[p++] = 34;
  out.pos = p;
}

/**
 * The rest of writeJsonString's string from its unit `k` on, and the closing quote: quotes,
 * backslashes and control characters escaped as writeJsonBytes escapes them, the rest as UTF-8
 * as TextEncoder writes it (a lone surrogate as U+FFFD). Done here rather than by TextEncoder
 * and writeJsonBytes: for the short strings generated text is made of, their calls and copies
 * cost more than the encoding.
 */
function writeJsonRest(out: ByteSink, s: string, k: number): void {
  const n = s.length;
  out.ensure(6 * (n - k) + 1);
  const buf = out.buf;
  let p = out.pos;
  for (; k < n; k++) {
    const c = s.charCodeAt(k);
    if (c < 0x80) {
      if (needsJsonEscape(c)) p = writeJsonEscape(buf, p, c);
      else buf[p++] = c;
    } else if (c < 0x800) {
      buf[p++] = 0xc0 | (c >> 6);
      buf[p++] = 0x80 | (c & 63);
    } else if (c < 0xd800 || c > 0xdfff) {
      buf[p++] = 0xe0 | (c >> 12);
      buf[p++] = 0x80 | ((c >> 6) & 63);
      buf[p++] = 0x80 | (c & 63);
    } else {
      const d = c < 0xdc00 && k + 1 < n ? s.charCodeAt(k + 1) : 0;
      if (d >= 0xdc00 && d <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        buf[p++] = 0xf0 | (cp >> 18);
        buf[p++] = 0x80 | ((cp >> 12) & 63);
        buf[p++] = 0x80 | ((cp >> 6) & 63);
        buf[p++] = 0x80 | (cp & 63);
        k++;
      } else {
        // A lone surrogate: U+FFFD, as TextEncoder writes it.
        buf[p++] = 0xef;
        buf[p++] = 0xbf;
        buf[p++] = 0xbd;
      }
    }
  }
  buf[p++] = 34;
  out.pos = p;
}

/** A whole number as text (`-` for negatives); ByteSink.digits for the magnitude. */
function writeInteger(out: ByteSink, v: number): void {
  if (v >= 0) out.digits(v);
  else out.ascii(String(v));
}

/**
 * A double holding a whole number as the int64 the Arrow conversion stores for it
 * (to-arrow.ts's int64FromDoubles: the low and high 32-bit words), read back as a number.
 */
function int64RoundTrip(x: number): number {
  const hi = Math.floor(x / 4294967296);
  const lo = (x - hi * 4294967296) | 0;
  return (hi | 0) * 4294967296 + (lo >>> 0);
}

/** The exact int64 of int64RoundTrip as a bigint (for values beyond 2^53). */
function int64Exact(x: number): bigint {
  const hi = Math.floor(x / 4294967296);
  const lo = (x - hi * 4294967296) | 0;
  return (BigInt(hi | 0) << 32n) + BigInt(lo >>> 0);
}

/** The unscaled value of a decimal as the 128-bit words of to-arrow.ts's decimalWords hold it. */
function decimalUnscaled(v: number | bigint): bigint {
  if (typeof v === "number" && Number.isSafeInteger(v)) return BigInt(v);
  return BigInt.asIntN(128, typeof v === "bigint" ? v : BigInt(v));
}

const hasNulls = (col: Column): boolean => {
  const nulls = col.nulls;
  if (!nulls) return false;
  for (let i = 0; i < col.length; i++) if (nulls[i] === 1) return true;
  return false;
};

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
  write(out: ByteSink, i: number): void {
    const nulls = this.nulls;
    if (nulls !== undefined && nulls[i] === 1) {
      writeNull(out);
      return;
    }
    writeDouble(out, this.values![i]!);
  }
}

/**
 * A double's JSON text: whole numbers from 1 to 2^31 - 1 as digits (their Number::toString
 * text, with neither point nor exponent), the rest through floatText.
 */
function writeDouble(out: ByteSink, x: number): void {
  if (x >= 1 && x <= 0x7fffffff && (x | 0) === x) out.digits(x);
  else out.ascii(floatText(x));
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
  write(out: ByteSink, i: number): void {
    const nulls = this.nulls;
    if (nulls !== undefined && nulls[i] === 1) {
      writeNull(out);
      return;
    }
    writeQuotedDate(out, this.values![i]!);
  }
}

/** A date (days since the epoch) as `"yyyy-MM-dd"`. */
function writeQuotedDate(out: ByteSink, days: number): void {
  out.byte(34);
  writeDate(out, days);
  out.byte(34);
}

/** A timestamp (microseconds, as the engine's double) as `"...Z"` through its int64 word. */
function writeQuotedTimestamp(out: ByteSink, micros: number): void {
  out.byte(34);
  writeTimestamp(out, Math.floor(int64RoundTrip(micros)));
  out.byte(34);
}

class TimestampWriter extends Float64Writer {
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

/** Writes objects whose fields are the given columns, one object per row. */
export interface FieldsJsonWriter {
  bind(columns: readonly Column[]): boolean;
  write(out: ByteSink, i: number): void;
}

/** The writer of objects made of these fields (a batch's rows, or a struct's values). */
export function fieldsWriter(
  fields: readonly { readonly name: string; readonly type: DataType }[],
  omitNullFields: boolean,
): FieldsJsonWriter {
  const children = fields.map((f) => compileColumnJsonWriter(f.type, omitNullFields));
  const names = fields.map((f) => encoder.encode(`${JSON.stringify(f.name)}:`));
  // `{"first":` and `,"next":` as single byte runs.
  const openers = names.map((n, k) => {
    const b = new Uint8Array(n.length + 1);
    b[0] = k === 0 ? 123 : 44;
    b.set(n, 1);
    return b;
  });
  const count = fields.length;
  let childNulls: (Uint8Array | undefined)[] = [];
  // Per field, how a row's value is written (a Direct code) and the values it reads.
  const direct = new Uint8Array(count);
  const texts: (unknown[] | undefined)[] = new Array(count).fill(undefined);
  const ints: (Int32Array | undefined)[] = new Array(count).fill(undefined);
  const doubles: (Float64Array | undefined)[] = new Array(count).fill(undefined);
  return {
    bind(columns) {
      if (columns.length !== count) return false;
      childNulls = [];
      for (let k = 0; k < count; k++) {
        const col = columns[k]!;
        const child = children[k]!;
        if (!child.bind(col)) return false;
        childNulls.push(omitNullFields && hasNulls(col) ? col.nulls : undefined);
        const values = col.shape === "scalar" && !hasNulls(col) ? col.values : undefined;
        const kind = values === undefined ? Direct.Writer : directKind(child);
        direct[k] = kind;
        // bind() has checked each writer's values: strings in an array, the rest typed.
        texts[k] = kind === Direct.Text ? (values as unknown[]) : undefined;
        ints[k] = kind === Direct.Int || kind === Direct.Date ? (values as Int32Array) : undefined;
        doubles[k] =
          kind === Direct.Double || kind === Direct.Timestamp ? (values as Float64Array) : undefined;
      }
      return true;
    },
    write(out, i) {
      if (count === 0) {
        out.byte(123);
        out.byte(125);
        return;
      }
      if (omitNullFields) {
        out.byte(123);
        let first = true;
        for (let k = 0; k < count; k++) {
          const nulls = childNulls[k];
          if (nulls !== undefined && nulls[i] === 1) continue;
          if (!first) out.byte(44);
          out.bytes(names[k]!);
          children[k]!.write(out, i);
          first = false;
        }
        out.byte(125);
        return;
      }
      for (let k = 0; k < count; k++) {
        const opener = openers[k]!;
        const n = opener.length;
        out.ensure(n);
        const buf = out.buf;
        const p = out.pos;
        for (let j = 0; j < n; j++) buf[p + j] = opener[j]!;
        out.pos = p + n;
        switch (direct[k]) {
          case Direct.Text: {
            const s = texts[k]![i];
            writeJsonString(out, typeof s === "string" ? s : String(s));
            break;
          }
          case Direct.Int:
            writeInteger(out, ints[k]![i]!);
            break;
          case Direct.Double:
            writeDouble(out, doubles[k]![i]!);
            break;
          case Direct.Date:
            writeQuotedDate(out, ints[k]![i]!);
            break;
          case Direct.Timestamp:
            writeQuotedTimestamp(out, doubles[k]![i]!);
            break;
          default:
            children[k]!.write(out, i);
        }
      }
      out.byte(125);
    },
  };
}

/**
 * How a row writer writes a field whose column has no nulls: the common scalar types inline in
 * its loop over the fields (a switch on a small number, where the call through the field's
 * writer dispatches on the writer's class per field and row), the rest through the writer.
 */
const Direct = { Writer: 0, Text: 1, Int: 2, Double: 3, Date: 4, Timestamp: 5 } as const;

function directKind(child: ColumnJsonWriter): number {
  if (child instanceof StringWriter) return Direct.Text;
  if (child instanceof IntWriter) return Direct.Int;
  if (child instanceof DoubleWriter) return Direct.Double;
  if (child instanceof DateWriter) return Direct.Date;
  if (child instanceof TimestampWriter) return Direct.Timestamp;
  return Direct.Writer;
}
