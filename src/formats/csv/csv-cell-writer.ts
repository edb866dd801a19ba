import { type Data, DataType } from "apache-arrow";
import { isValid, numberReader } from "../arrow-values/arrow-cells.ts";
import { ByteSink } from "../arrow-values/byte-sink.ts";
import { jsonWriter } from "../arrow-values/json-renderer.ts";
import { plainValueWriter } from "../arrow-values/plain-value-writer.ts";

export interface CsvSyntax {
  readonly delimiter: number;
  readonly quote: number;
  readonly escape: number;
  readonly nullValue: Uint8Array;
  readonly quoteAll: boolean;
}

export type CellWriter = (out: ByteSink, i: number) => void;

/** Writes the UTF-8 bytes of one field (`bytes` from `start` to `end`) as the syntax `s` quotes them. */
export type CsvBytesWriter = (
  out: ByteSink,
  bytes: Uint8Array,
  start: number,
  end: number,
  s: CsvSyntax,
) => void;

/**
 * Writes a field's UTF-8 bytes, quoted when they hold a delimiter, quote, line break or edge
 * space (quotes and escape characters inside escaped). Hot: the syntax and the output position
 * are held in locals, one pass to decide and one to copy.
 */
export const writeCsvBytes: CsvBytesWriter = (out, bytes, start, end, s) => {
  const q = s.quote;
  if (start === end) {
    out.byte(q);
    out.byte(q);
    return;
  }
  const esc = s.escape;
  const delim = s.delimiter;
  let quote = s.quoteAll || bytes[start] === 32 || bytes[end - 1] === 32;
  let quotes = 0;
  for (let k = start; k < end; k++) {
    const b = bytes[k]!;
    if (b === q || b === esc) quotes++;
    if (b === delim || b === 10 || b === 13 || b === q) quote = true;
  }
  const n = end - start;
  if (!quote) {
    out.ensure(n);
    out.buf.set(bytes.subarray(start, end), out.pos);
    out.pos += n;
    return;
  }
  out.ensure(n + quotes + 2);
  const buf = out.buf;
  let p = out.pos;
  buf[p++] = q;
  if (quotes === 0) {
    buf.set(bytes.subarray(start, end), p);
    p += n;
  } else {
    const escapeDiffers = esc !== q;
    for (let k = start; k < end; k++) {
      const b = bytes[k]!;
      if (b === q || (escapeDiffers && b === esc)) buf[p++] = esc;
      buf[p++] = b;
    }
  }
  buf[p++] = q;
  out.pos = p;
};

/**
 * The same bytes as writeCsvBytes for text that almost always needs quoting (nested values as
 * JSON): written quoted in one pass, and written again by writeCsvBytes in the rare case it
 * turns out not to need quotes.
 */
export const writeCsvUsuallyQuoted: CsvBytesWriter = (out, bytes, start, end, s) => {
  const n = end - start;
  if (n === 0) {
    writeCsvBytes(out, bytes, start, end, s);
    return;
  }
  const q = s.quote;
  const esc = s.escape;
  const delim = s.delimiter;
  const escapeDiffers = esc !== q;
  out.ensure(2 * n + 2);
  const buf = out.buf;
  const from = out.pos;
  let p = from;
  buf[p++] = q;
  let quote = s.quoteAll || bytes[start] === 32 || bytes[end - 1] === 32;
  for (let k = start; k < end; k++) {
    const b = bytes[k]!;
    if (b === q || b === delim || b === 10 || b === 13) quote = true;
    if (b === q || (escapeDiffers && b === esc)) buf[p++] = esc;
    buf[p++] = b;
  }
  if (!quote) {
    writeCsvBytes(out, bytes, start, end, s);
    return;
  }
  buf[p++] = q;
  out.pos = p;
};

const encoder = new TextEncoder();

/** A writer for one column's cells: scalars as text, booleans true/false, nested values as JSON text. */
export function csvCellWriter(data: Data, s: CsvSyntax): CellWriter {
  const t = data.type;
  const withNulls = (w: CellWriter): CellWriter =>
    data.nullCount > 0 ? (out, i) => (isValid(data, i) ? w(out, i) : out.bytes(s.nullValue)) : w;
  if (DataType.isUtf8(t)) {
    const offsets = data.valueOffsets as Int32Array;
    const bytes = data.values as Uint8Array;
    return withNulls((out, i) => writeCsvBytes(out, bytes, offsets[i]!, offsets[i + 1]!, s));
  }
  const quoted = (text: (i: number) => string): CellWriter =>
    withNulls((out, i) => {
      const b = encoder.encode(text(i));
      writeCsvBytes(out, b, 0, b.length, s);
    });
  const plain = plainValueWriter(data);
  if (plain) return withNulls(plain);
  if (DataType.isFloat(t)) {
    const read = numberReader(data);
    // JSON.stringify of a finite number is its String text, without V8's number-to-string cache (json-renderer.ts).
    return withNulls((out, i) => {
      const v = read(i);
      out.ascii(Number.isFinite(v) ? JSON.stringify(v) : String(v));
    });
  }
  if (DataType.isBinary(t)) {
    const offsets = data.valueOffsets as Int32Array;
    const bytes = data.values as Uint8Array;
    return quoted((i) =>
      Buffer.from(bytes.buffer, bytes.byteOffset + offsets[i]!, offsets[i + 1]! - offsets[i]!).toString(
        "base64",
      ),
    );
  }
  // Nested values: JSON text, quoted as one field.
  const json = jsonWriter(data);
  const scratch = new ByteSink(256);
  return withNulls((out, i) => {
    json(scratch, i);
    writeCsvUsuallyQuoted(out, scratch.buf, 0, scratch.pos, s);
    scratch.pos = 0;
  });
}
