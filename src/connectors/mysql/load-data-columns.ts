import { decimalText } from "../../formats/arrow-values/arrow-cells.ts";
import type { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import { writeDate, writeTimestamp } from "../../formats/arrow-values/temporal-bytes.ts";
import type { ColumnEncoder, ColumnField } from "../../formats/format.ts";
import { type ScalarWriters, scalarRowsEncoder } from "../table/scalar-rows-encoder.ts";
import { escapedBytes, LOAD_DATA_ROWS, toSessionTimestamp } from "./load-data-tsv.ts";

/**
 * LOAD DATA lines written straight from the engine's columns (see engine/columns/column.ts for
 * their storage), in the worker that generated them: no Arrow batch is built and read back,
 * and decimals become text without a BigInt each. The same bytes as load-data-tsv.ts's
 * writeLoadDataTsv of the same rows; a field whose type this does not cover (floats, whose
 * non-finite values are refused there, bytes, shorts, nested values) leaves the step to that one.
 */

const TAB = 9;
const NEWLINE = 10;
const BACKSLASH = 92;
const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);
const encoder = new TextEncoder();
/** 1 for the ASCII units a field escapes: `\`, tab, newline, carriage return, NUL. */
const ESCAPED = Uint8Array.from({ length: 128 }, (_, c) =>
  c === BACKSLASH || c === TAB || c === NEWLINE || c === 13 || c === 0 ? 1 : 0,
);

/** A whole number (below 2^53 in magnitude) as text, as String() spells it. */
function wholeNumber(out: ByteSink, v: number): void {
  if (v >= 0) out.digits(v);
  else out.ascii(String(v));
}

/** `-123` unscaled with scale 2 → `-1.23`, as decimalText spells it, for unscaled values below 2^53. */
function decimalOfNumber(out: ByteSink, unscaled: number, scale: number): void {
  if (scale === 0 || scale >= POW10.length) {
    out.ascii(decimalText(BigInt(unscaled), scale));
    return;
  }
  const magnitude = Math.abs(unscaled);
  if (unscaled < 0) out.byte(45);
  const unit = POW10[scale]!;
  const whole = Math.floor(magnitude / unit);
  const fraction = magnitude - whole * unit;
  out.digits(whole);
  out.ensure(scale + 1);
  const b = out.buf;
  let p = out.pos + scale;
  b[out.pos] = 46;
  for (let k = 0, f = fraction; k < scale; k++) {
    const q = Math.floor(f / 10);
    b[p--] = 48 + f - q * 10;
    f = q;
  }
  out.pos += scale + 1;
}

/** A string as one field: ASCII unit by unit with `\`, tab, newline, CR and NUL escaped; other text through its UTF-8 bytes. */
function escapedString(out: ByteSink, s: string): void {
  const n = s.length;
  out.ensure(n);
  const b = out.buf;
  let p = out.pos;
  for (let k = 0; k < n; k++) {
    const c = s.charCodeAt(k);
    if (c > 0x7f || ESCAPED[c] === 1) {
      out.pos = p;
      const rest = encoder.encode(s.slice(k));
      escapedBytes(out, rest, 0, rest.length);
      return;
    }
    b[p++] = c;
  }
  out.pos = p;
}

/** The writers of LOAD DATA fields; timestamps in the session's time zone (load-data-tsv.ts). */
const LOAD_DATA_WRITERS: ScalarWriters = {
  int: wholeNumber,
  long: wholeNumber,
  decimal: {
    number: decimalOfNumber,
    bigint: (out, unscaled, scale) => out.ascii(decimalText(unscaled, scale)),
  },
  string: escapedString,
  boolean: (out, value) => out.byte(value ? 49 : 48),
  date: writeDate,
  timestamp: (out, micros) => {
    const start = out.pos;
    writeTimestamp(out, Math.floor(micros));
    toSessionTimestamp(out, start);
  },
};

/** The column encoder of the `mysql-load-data` rows; undefined when a field's type is not covered. */
export function loadDataColumnEncoder(fields: readonly ColumnField[]): ColumnEncoder | undefined {
  return scalarRowsEncoder(fields, () => LOAD_DATA_WRITERS, LOAD_DATA_ROWS);
}
