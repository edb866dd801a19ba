import { type Data, DataType, type Struct } from "apache-arrow";
import { lru } from "../../util/lru.ts";
import { isValid, numberReader } from "./arrow-cells.ts";
import type { ByteSink } from "./byte-sink.ts";
import { plainValueWriter } from "./plain-value-writer.ts";

/** Writes row i of an Arrow array as JSON into the sink (`null` for a null value). */
export type JsonWriter = (out: ByteSink, i: number) => void;

const QUOTE = 34;
const BACKSLASH = 92;
const encoder = new TextEncoder();
const NULL_BYTES = encoder.encode("null");
const HEX = "0123456789abcdef";
/** `"name":` as bytes, per field name: writers are compiled per batch, the names repeat. */
const keyBytes = lru<Uint8Array>(4096);

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
    if (b < 0x20 || b === QUOTE || b === BACKSLASH) {
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
  out.byte(QUOTE);
  for (let k = start; k < end; k++) {
    const b = bytes[k]!;
    if (b === QUOTE || b === BACKSLASH) {
      out.byte(BACKSLASH);
      out.byte(b);
    } else if (b < 0x20) {
      const named =
        b === 10
          ? "\\n"
          : b === 13
            ? "\\r"
            : b === 9
              ? "\\t"
              : b === 8
                ? "\\b"
                : b === 12
                  ? "\\f"
                  : undefined;
      out.ascii(named ?? `\\u00${HEX[b >> 4]}${HEX[b & 15]}`);
    } else out.byte(b);
  }
  out.byte(QUOTE);
}

const floatText = (x: number): string =>
  Number.isFinite(x)
    ? Object.is(x, -0)
      ? "-0.0"
      : String(x)
    : x > 0
      ? '"Infinity"'
      : x < 0
        ? '"-Infinity"'
        : '"NaN"';

/**
 * Compiles a JSON writer for an array, once per batch and type: the row loop only reads
 * buffers and writes bytes. Dates `yyyy-MM-dd`, timestamps ISO 8601 in UTC, decimals exact,
 * binary as base64, maps as objects, non-finite floats as strings, text copied as UTF-8.
 */
export function jsonWriter(data: Data, omitNullFields = false): JsonWriter {
  const t = data.type;
  const withNulls = (w: JsonWriter): JsonWriter =>
    data.nullCount > 0 ? (out, i) => (isValid(data, i) ? w(out, i) : out.bytes(NULL_BYTES)) : w;
  if (DataType.isUtf8(t)) {
    const offsets = data.valueOffsets as Int32Array;
    const bytes = data.values as Uint8Array;
    const base = data.offset;
    return withNulls((out, i) => writeJsonBytes(out, bytes, offsets[base + i]!, offsets[base + i + 1]!));
  }
  const plain = plainValueWriter(data);
  if (plain && (DataType.isDate(t) || DataType.isTimestamp(t))) {
    return withNulls((out, i) => {
      out.byte(QUOTE);
      plain(out, i);
      out.byte(QUOTE);
    });
  }
  if (plain) return withNulls(plain);
  if (DataType.isFloat(t)) {
    const read = numberReader(data);
    return withNulls((out, i) => out.ascii(floatText(read(i) as number)));
  }
  if (DataType.isBinary(t)) {
    const offsets = data.valueOffsets as Int32Array;
    const bytes = data.values as Uint8Array;
    const base = data.offset;
    return withNulls((out, i) =>
      out.ascii(
        `"${Buffer.from(bytes.buffer, bytes.byteOffset + offsets[base + i]!, offsets[base + i + 1]! - offsets[base + i]!).toString("base64")}"`,
      ),
    );
  }
  if (DataType.isList(t)) {
    const offsets = data.valueOffsets as Int32Array;
    const child = jsonWriter(data.children[0]!, omitNullFields);
    const base = data.offset;
    return withNulls((out, i) => {
      out.byte(91);
      const from = offsets[base + i]!;
      const to = offsets[base + i + 1]!;
      for (let k = from; k < to; k++) {
        if (k > from) out.byte(44);
        child(out, k);
      }
      out.byte(93);
    });
  }
  if (DataType.isMap(t)) {
    const offsets = data.valueOffsets as Int32Array;
    const entries = data.children[0]!;
    const keyData = entries.children[0]!;
    const keyIsText = DataType.isUtf8(keyData.type);
    const key = jsonWriter(keyData);
    const value = jsonWriter(entries.children[1]!, omitNullFields);
    const base = data.offset;
    return withNulls((out, i) => {
      out.byte(123);
      const from = offsets[base + i]!;
      const to = offsets[base + i + 1]!;
      for (let k = from; k < to; k++) {
        if (k > from) out.byte(44);
        if (!keyIsText) out.byte(QUOTE);
        key(out, k);
        if (!keyIsText) out.byte(QUOTE);
        out.byte(58);
        value(out, k);
      }
      out.byte(125);
    });
  }
  if (DataType.isStruct(t)) {
    const fields = (t as Struct).children;
    const children = data.children.map((c) => jsonWriter(c, omitNullFields));
    const names = fields.map((f) => keyBytes.get(f.name, () => encoder.encode(`${JSON.stringify(f.name)}:`)));
    const nullable = data.children.map((c) => c.nullCount > 0);
    return withNulls((out, i) => {
      out.byte(123);
      let first = true;
      for (let k = 0; k < children.length; k++) {
        if (omitNullFields && nullable[k] && !isValid(data.children[k]!, i)) continue;
        if (!first) out.byte(44);
        out.bytes(names[k]!);
        children[k]!(out, i);
        first = false;
      }
      out.byte(125);
    });
  }
  throw new Error(`no JSON rendering for Arrow type ${String(t)}`);
}
