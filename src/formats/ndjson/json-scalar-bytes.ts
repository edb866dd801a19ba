import type { Column } from "../../engine/index.ts";
import type { ByteSink } from "../arrow-values/byte-sink.ts";
import { needsJsonEscape, writeJsonEscape } from "../arrow-values/json-escape.ts";
import { floatText } from "../arrow-values/json-renderer.ts";
import { writeDate, writeTimestamp } from "../arrow-values/temporal-bytes.ts";

/**
 * The bytes of single JSON values as the column writers (column-json-writer.ts) and the row
 * writer (fields-json-writer.ts) write them: the same text, value for value, as the Arrow path
 * (json-renderer.ts) gives for the Arrow conversion of the engine's columns.
 */

const NULL = [110, 117, 108, 108];

/** Writes "null" (4 bytes). */
export function writeNull(out: ByteSink): void {
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
export function writeInteger(out: ByteSink, v: number): void {
  if (v >= 0) out.digits(v);
  else out.ascii(String(v));
}

/**
 * A double holding a whole number as the int64 the Arrow conversion stores for it
 * (to-arrow.ts's int64FromDoubles: the low and high 32-bit words), read back as a number.
 */
export function int64RoundTrip(x: number): number {
  const hi = Math.floor(x / 4294967296);
  const lo = (x - hi * 4294967296) | 0;
  return (hi | 0) * 4294967296 + (lo >>> 0);
}

/** The exact int64 of int64RoundTrip as a bigint (for values beyond 2^53). */
export function int64Exact(x: number): bigint {
  const hi = Math.floor(x / 4294967296);
  const lo = (x - hi * 4294967296) | 0;
  return (BigInt(hi | 0) << 32n) + BigInt(lo >>> 0);
}

/** Whether any of the column's values is null. */
export const hasNulls = (col: Column): boolean => {
  const nulls = col.nulls;
  if (!nulls) return false;
  for (let i = 0; i < col.length; i++) if (nulls[i] === 1) return true;
  return false;
};

/**
 * A double's JSON text: whole numbers from 1 to 2^31 - 1 as digits (their Number::toString
 * text, with neither point nor exponent), the rest through floatText.
 */
export function writeDouble(out: ByteSink, x: number): void {
  if (x >= 1 && x <= 0x7fffffff && (x | 0) === x) out.digits(x);
  else out.ascii(floatText(x));
}

/** A date (days since the epoch) as `"yyyy-MM-dd"`. */
export function writeQuotedDate(out: ByteSink, days: number): void {
  out.byte(34);
  writeDate(out, days);
  out.byte(34);
}

/** A timestamp (microseconds, as the engine's double) as `"...Z"` through its int64 word. */
export function writeQuotedTimestamp(out: ByteSink, micros: number): void {
  out.byte(34);
  writeTimestamp(out, Math.floor(int64RoundTrip(micros)));
  out.byte(34);
}
