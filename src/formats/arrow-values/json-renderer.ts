import { type Data, DataType, type Struct } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import { isValid } from "./arrow-cells.ts";
import type { ByteSink } from "./byte-sink.ts";
import { needsJsonEscape, writeJsonEscape } from "./json-escape.ts";
import { plainValueWriter } from "./plain-value-writer.ts";

/** Writes row i of an Arrow array as JSON into the sink (`null` for a null value). */
export type JsonWriter = (out: ByteSink, i: number) => void;

const QUOTE = 34;
const encoder = new TextEncoder();
const NULL_BYTES = encoder.encode("null");

/** Copies UTF-8 bytes as a JSON string, escaping quotes, backslashes and control characters. */
export function writeJsonBytes(out: ByteSink, bytes: Uint8Array, start: number, end: number): void {
  out.ensure(end - start + 2);
  const buf = out.buf;
  const from = out.pos;
  let p = from;
  buf[p++] = QUOTE;
  // One pass copying while checking; text needing escapes (rare) is written again below.
  for (let k = start; k < end; k++) {
    const b = bytes[k]!;
    if (needsJsonEscape(b)) {
      out.pos = from;
      writeEscaped(out, bytes, start, end);
      return;
    }
    buf[p++] = b;
  }
  buf[p++] = QUOTE;
  out.pos = p;
}

function writeEscaped(out: ByteSink, bytes: Uint8Array, start: number, end: number): void {
  out.ensure(6 * (end - start) + 2);
  const buf = out.buf;
  let p = out.pos;
  buf[p++] = QUOTE;
  for (let k = start; k < end; k++) {
    const b = bytes[k]!;
    if (needsJsonEscape(b)) p = writeJsonEscape(buf, p, b);
    else buf[p++] = b;
  }
  buf[p++] = QUOTE;
  out.pos = p;
}

/**
 * A float's JSON text. JSON.stringify of a finite number is its Number::toString text, made
 * about twice as fast as String(x) for the random doubles generators draw: String also looks
 * the number up in, and adds it to, V8's number-to-string cache, which such values never hit.
 */
export const floatText = (x: number): string =>
  Number.isFinite(x)
    ? Object.is(x, -0)
      ? "-0.0"
      : JSON.stringify(x)
    : x > 0
      ? '"Infinity"'
      : x < 0
        ? '"-Infinity"'
        : '"NaN"';

/** A JSON writer compiled for an Arrow type; bind() points it at one array's buffers. */
interface BoundWriter {
  bind(data: Data): void;
  readonly write: JsonWriter;
}

/**
 * Writes JSON for an array. Dates `yyyy-MM-dd`, timestamps ISO 8601 in UTC, decimals exact,
 * binary as base64, maps as objects, non-finite floats as strings, text copied as UTF-8.
 */
export function jsonWriter(data: Data, omitNullFields = false): JsonWriter {
  const w = compileWriter(data.type, omitNullFields);
  w.bind(data);
  return w.write;
}

/** Compiled row writers per struct type: a compiled step's batches share one type object. */
const rowWriters = new WeakMap<DataType, BoundWriter[]>();

/** Up to this many rows a batch's row writer is cached (it keeps the last batch bound). */
const CACHED_ROWS = 1024;

/**
 * The writer of a batch's rows. For small batches (samples) it is compiled once per struct
 * type and bound to this batch, so a 10-row sample does not rebuild a closure per field;
 * valid until the next call for the same type (encoders use it at once). Large batches get
 * their own writer: the compile is nothing next to their rows, and a cached one would keep
 * the batch alive.
 */
export function rowWriter(data: Data<Struct>, omitNullFields: boolean): JsonWriter {
  if (data.length > CACHED_ROWS) return jsonWriter(data, omitNullFields);
  let byOmit = rowWriters.get(data.type);
  if (!byOmit) {
    byOmit = [];
    rowWriters.set(data.type, byOmit);
  }
  const k = omitNullFields ? 1 : 0;
  byOmit[k] ??= compileWriter(data.type, omitNullFields);
  const w = byOmit[k];
  w.bind(data);
  return w.write;
}

/** The writer of a type: structure decided here, once; buffers read from the bound array. */
function compileWriter(t: DataType, omitNullFields: boolean): BoundWriter {
  let data: Data | undefined;
  let nulls = false;
  const bindNulls = (d: Data) => {
    data = d;
    nulls = d.nullCount > 0;
  };
  const isNull = (i: number) => nulls && !isValid(data!, i);

  if (DataType.isUtf8(t) || DataType.isBinary(t)) {
    const text = DataType.isUtf8(t);
    let offsets: Int32Array = new Int32Array(0);
    let bytes: Uint8Array = new Uint8Array(0);
    return {
      bind(d) {
        bindNulls(d);
        offsets = d.valueOffsets as Int32Array;
        bytes = d.values as Uint8Array;
      },
      write(out, i) {
        if (isNull(i)) return out.bytes(NULL_BYTES);
        const from = offsets[i]!;
        const to = offsets[i + 1]!;
        if (text) writeJsonBytes(out, bytes, from, to);
        else
          out.ascii(`"${Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString("base64")}"`);
      },
    };
  }
  if (DataType.isFloat(t)) {
    let values: ArrayLike<number> = [];
    return {
      bind(d) {
        bindNulls(d);
        values = d.values as ArrayLike<number>;
      },
      write: (out, i) => (isNull(i) ? out.bytes(NULL_BYTES) : out.ascii(floatText(values[i]!))),
    };
  }
  /** A list or map: `open`, the entries of row i (between its offsets) comma-separated, `close`. */
  const entries = (
    open: number,
    close: number,
    bindChildren: (d: Data) => void,
    entry: (out: ByteSink, k: number) => void,
  ): BoundWriter => {
    let offsets: Int32Array = new Int32Array(0);
    return {
      bind(d) {
        bindNulls(d);
        offsets = d.valueOffsets as Int32Array;
        bindChildren(d);
      },
      write(out, i) {
        if (isNull(i)) return out.bytes(NULL_BYTES);
        writeEntries(out, open, close, offsets[i]!, offsets[i + 1]!, entry);
      },
    };
  };
  if (DataType.isList(t)) {
    const child = compileWriter(t.children[0]!.type, omitNullFields);
    return entries(
      91,
      93,
      (d) => child.bind(d.children[0]!),
      (out, k) => child.write(out, k),
    );
  }
  if (DataType.isMap(t)) {
    const pairs = t.children[0]!.type as Struct;
    const keyIsText = DataType.isUtf8(pairs.children[0]!.type);
    const key = compileWriter(pairs.children[0]!.type, false);
    const value = compileWriter(pairs.children[1]!.type, omitNullFields);
    return entries(
      123,
      125,
      (d) => {
        key.bind(d.children[0]!.children[0]!);
        value.bind(d.children[0]!.children[1]!);
      },
      (out, k) => {
        if (!keyIsText) out.byte(QUOTE);
        key.write(out, k);
        if (!keyIsText) out.byte(QUOTE);
        out.byte(58);
        value.write(out, k);
      },
    );
  }
  if (DataType.isStruct(t)) {
    const fields = (t as Struct).children;
    const children = fields.map((f) => compileWriter(f.type, omitNullFields));
    const names = fields.map((f) => encoder.encode(`${JSON.stringify(f.name)}:`));
    let childData: readonly Data[] = [];
    const nullable = fields.map(() => false);
    return {
      bind(d) {
        bindNulls(d);
        childData = d.children;
        for (let k = 0; k < children.length; k++) {
          children[k]!.bind(d.children[k]!);
          nullable[k] = d.children[k]!.nullCount > 0;
        }
      },
      write(out, i) {
        if (isNull(i)) return out.bytes(NULL_BYTES);
        out.byte(123);
        let first = true;
        for (let k = 0; k < children.length; k++) {
          if (omitNullFields && nullable[k] && !isValid(childData[k]!, i)) continue;
          if (!first) out.byte(44);
          out.bytes(names[k]!);
          children[k]!.write(out, i);
          first = false;
        }
        out.byte(125);
      },
    };
  }
  // Booleans, integers, decimals, dates and timestamps: the text shared with CSV.
  const quoted = DataType.isDate(t) || DataType.isTimestamp(t);
  let plain: ((out: ByteSink, i: number) => void) | undefined;
  return {
    bind(d) {
      bindNulls(d);
      plain = plainValueWriter(d);
      if (!plain) throw new RowforgeError("RF_INTERNAL", `no JSON rendering for Arrow type ${String(t)}`);
    },
    write(out, i) {
      if (isNull(i)) return out.bytes(NULL_BYTES);
      if (quoted) out.byte(QUOTE);
      plain!(out, i);
      if (quoted) out.byte(QUOTE);
    },
  };
}

/** `open`, the entries `from` to `to` (exclusive) by `entry`, comma-separated, then `close`: a JSON array's or object's body. */
export function writeEntries(
  out: ByteSink,
  open: number,
  close: number,
  from: number,
  to: number,
  entry: (out: ByteSink, k: number) => void,
): void {
  out.byte(open);
  for (let k = from; k < to; k++) {
    if (k > from) out.byte(44);
    entry(out, k);
  }
  out.byte(close);
}
