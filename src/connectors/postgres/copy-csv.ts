import { type Data, DataType, type RecordBatch } from "apache-arrow";
import { binaryReader, isValid, numberReader } from "../../formats/arrow-values/arrow-cells.ts";
import { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import { jsonWriter } from "../../formats/arrow-values/json-renderer.ts";
import { plainValueWriter } from "../../formats/arrow-values/plain-value-writer.ts";
import { type CellWriter, type RowLayout, writeBatchRows } from "../table/write-batch-rows.ts";
import { isPgArrayElement } from "./postgres-types.ts";

/**
 * Rows as PostgreSQL's `COPY ... FROM STDIN WITH (FORMAT csv)` reads them: a null is an
 * unquoted empty cell; text is always quoted (so an empty string stays empty, not null), `"`
 * doubled; booleans, integers, exact decimals, dates and timestamps (ISO 8601 with `Z`) are
 * written plain; floats in shortest round-trip form (`NaN`, `Infinity`, `-Infinity` as
 * PostgreSQL spells them); binary as bytea hex (`\x...`); arrays of scalars as array literals
 * (`{1,2}`, `{"a","b"}`); maps, structs and nested arrays as JSON (for jsonb columns).
 */

const QUOTE = 34;
const COMMA = 44;
const NEWLINE = 10;
const HEX = "0123456789abcdef";

/** Writes a batch's rows (columns in schema order) as COPY CSV lines into `out`. */
export function writeCopyCsv(out: ByteSink, batch: RecordBatch): void {
  writeBatchRows(out, batch, cellWriter, COPY_CSV_ROWS);
}

/** A null is an empty cell. */
const COPY_CSV_ROWS: RowLayout = { separator: COMMA, rowEnd: NEWLINE };

function cellWriter(data: Data): CellWriter {
  const t = data.type;
  if (DataType.isUtf8(t)) {
    const offsets = data.valueOffsets as Int32Array;
    const bytes = data.values as Uint8Array;
    return (out, i) => quotedBytes(out, bytes, offsets[i]!, offsets[i + 1]!);
  }
  if (DataType.isFloat(t)) {
    const read = numberReader(data);
    return (out, i) => out.ascii(floatText(Number(read(i))));
  }
  if (DataType.isBinary(t)) {
    const read = binaryReader(data);
    return (out, i) => byteaHex(out, read(i));
  }
  const plain = plainValueWriter(data);
  if (plain) return plain;
  if (DataType.isList(t) && isPgArrayElement(t.children[0]!.type)) {
    const literal = arrayLiteral(data);
    return (out, i) => quotedText(out, literal(i));
  }
  // Maps, structs and nested arrays: JSON text, quoted for CSV.
  const json = jsonWriter(data);
  const scratch = new ByteSink(1 << 10);
  return (out, i) => {
    scratch.pos = 0;
    json(scratch, i);
    quotedBytes(out, scratch.buf, 0, scratch.pos);
  };
}

/** Shortest round-trip text; `-0` keeps its sign (String(-0) is "0"). */
const floatText = (v: number): string =>
  Number.isNaN(v)
    ? "NaN"
    : v === Infinity
      ? "Infinity"
      : v === -Infinity
        ? "-Infinity"
        : Object.is(v, -0)
          ? "-0"
          : String(v);

function byteaHex(out: ByteSink, b: Uint8Array): void {
  out.ensure(2 + b.length * 2);
  out.buf[out.pos++] = 92; // backslash
  out.buf[out.pos++] = 120; // x
  for (const x of b) {
    out.buf[out.pos++] = HEX.charCodeAt(x >> 4);
    out.buf[out.pos++] = HEX.charCodeAt(x & 15);
  }
}

/** UTF-8 bytes as one quoted CSV cell, `"` doubled (newlines and commas are safe inside quotes). */
function quotedBytes(out: ByteSink, bytes: Uint8Array, start: number, end: number): void {
  out.ensure(end - start + 2);
  out.buf[out.pos++] = QUOTE;
  for (let k = start; k < end; k++) {
    const b = bytes[k]!;
    if (b === QUOTE) {
      out.ensure(end - k + 2);
      out.buf[out.pos++] = QUOTE;
    }
    out.buf[out.pos++] = b;
  }
  out.buf[out.pos++] = QUOTE;
}

const encoder = new TextEncoder();

function quotedText(out: ByteSink, text: string): void {
  const bytes = encoder.encode(text);
  quotedBytes(out, bytes, 0, bytes.length);
}

/**
 * A PostgreSQL array literal per row of a list of scalars: `{1,NULL,3}`; text, binary, dates
 * and timestamps quoted with `\` and `"` escaped by a backslash (the array syntax's rule).
 */
function arrayLiteral(data: Data): (i: number) => string {
  const offsets = data.valueOffsets as Int32Array;
  const child = data.children[0]!;
  const element = elementText(child);
  return (i) => {
    const parts: string[] = [];
    for (let k = offsets[i]!; k < offsets[i + 1]!; k++) {
      parts.push(isValid(child, k) ? element(k) : "NULL");
    }
    return `{${parts.join(",")}}`;
  };
}

const arrayQuoted = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** One scalar element's text inside an array literal. */
function elementText(data: Data): (k: number) => string {
  const t = data.type;
  if (DataType.isUtf8(t)) {
    const offsets = data.valueOffsets as Int32Array;
    const bytes = data.values as Uint8Array;
    const decoder = new TextDecoder();
    return (k) => arrayQuoted(decoder.decode(bytes.subarray(offsets[k]!, offsets[k + 1]!)));
  }
  if (DataType.isFloat(t)) {
    const read = numberReader(data);
    return (k) => floatText(Number(read(k)));
  }
  const sink = new ByteSink(64);
  if (DataType.isBinary(t)) {
    const read = binaryReader(data);
    return (k) => {
      sink.pos = 0;
      byteaHex(sink, read(k));
      return arrayQuoted(latin1(sink));
    };
  }
  const plain = plainValueWriter(data)!;
  return (k) => {
    sink.pos = 0;
    plain(sink, k);
    return arrayQuoted(latin1(sink));
  };
}

const latin1 = (sink: ByteSink): string => String.fromCharCode(...sink.buf.subarray(0, sink.pos));
