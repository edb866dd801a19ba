import type { ByteSink } from "../../formats/arrow-values/byte-sink.ts";

/**
 * The values of PostgreSQL's binary COPY format, each after its length: the writers both
 * encoders of binary COPY share, the one reading Arrow batches (copy-binary.ts) and the one
 * reading the engine's columns (copy-binary-columns.ts), so both write the same bytes.
 */

/** Microseconds from 1970-01-01 to 2000-01-01, PostgreSQL's epoch; days likewise. */
export const PG_EPOCH_MICROS = 946_684_800_000_000;
export const PG_EPOCH_DAYS = 10_957;

export function int16(out: ByteSink, v: number): void {
  out.ensure(2);
  const b = out.buf;
  const p = out.pos;
  b[p] = (v >> 8) & 255;
  b[p + 1] = v & 255;
  out.pos = p + 2;
}

/** `v`'s low 32 bits, big-endian, at `p` of `b`. */
function put32(b: Uint8Array, p: number, v: number): void {
  b[p] = (v >>> 24) & 255;
  b[p + 1] = (v >>> 16) & 255;
  b[p + 2] = (v >>> 8) & 255;
  b[p + 3] = v & 255;
}

export function int32(out: ByteSink, v: number): void {
  out.ensure(4);
  put32(out.buf, out.pos, v);
  out.pos += 4;
}

/** A 64-bit integer from its high and low 32 bits, after its length (8). */
export function int64(out: ByteSink, hi: number, lo: number): void {
  out.ensure(12);
  const b = out.buf;
  const p = out.pos;
  put32(b, p, 8);
  put32(b, p + 4, hi);
  put32(b, p + 8, lo);
  out.pos = p + 12;
}

/** A 32-bit value after its length (4). */
export function int32Value(out: ByteSink, v: number): void {
  out.ensure(8);
  put32(out.buf, out.pos, 4);
  put32(out.buf, out.pos + 4, v);
  out.pos += 8;
}

/** A 16-bit value after its length (2). */
export function int16Value(out: ByteSink, v: number): void {
  int32(out, 2);
  int16(out, v);
}

/** An integer below 2^53 in magnitude as a 64-bit value. */
export function int64OfNumber(out: ByteSink, v: number): void {
  const hi = Math.floor(v / 4294967296);
  int64(out, hi, v - hi * 4294967296);
}

const scratch = new DataView(new ArrayBuffer(8));

export function float4Value(out: ByteSink, v: number): void {
  scratch.setFloat32(0, v);
  int32(out, 4);
  int32(out, scratch.getInt32(0));
}

export function float8Value(out: ByteSink, v: number): void {
  scratch.setFloat64(0, v);
  int64(out, scratch.getInt32(0), scratch.getInt32(4));
}

export function boolValue(out: ByteSink, v: boolean): void {
  int32(out, 1);
  out.byte(v ? 1 : 0);
}

/** A date (days since 1970-01-01). */
export const dateValue = (out: ByteSink, days: number): void => int32Value(out, days - PG_EPOCH_DAYS);

/** A timestamp (microseconds since 1970-01-01). */
export const timestampValue = (out: ByteSink, micros: number): void =>
  int64OfNumber(out, Math.floor(micros) - PG_EPOCH_MICROS);

/** UTF-8 bytes `bytes[a, a + len)` as text. */
export function utf8Value(out: ByteSink, bytes: Uint8Array, a: number, len: number): void {
  out.ensure(4 + len);
  const b = out.buf;
  let p = out.pos;
  put32(b, p, len);
  p += 4;
  // Short values byte by byte: a subarray per value would be garbage for the collector.
  if (len <= 64) for (let j = 0; j < len; j++) b[p + j] = bytes[a + j]!;
  else b.set(bytes.subarray(a, a + len), p);
  out.pos = p + len;
}

const encoder = new TextEncoder();

/** A string as UTF-8 text: ASCII unit by unit (nearly all generated text), else through the encoder. */
export function stringValue(out: ByteSink, s: string): void {
  const n = s.length;
  out.ensure(4 + n);
  const b = out.buf;
  const start = out.pos;
  let p = start + 4;
  for (let k = 0; k < n; k++) {
    const c = s.charCodeAt(k);
    if (c > 0x7f) {
      const bytes = encoder.encode(s);
      out.pos = start;
      utf8Value(out, bytes, 0, bytes.length);
      return;
    }
    b[p++] = c;
  }
  put32(b, start, n);
  out.pos = p;
}

const POW10 = [1, 10, 100, 1000];
const groups = new Float64Array(8);

/**
 * numeric() of the decimal `±magnitude` x 10^-scale when its value padded to whole base-10000
 * digits of fraction stays below 2^53: computed with numbers, no BigInt or text. False
 * (nothing written) for any other.
 */
export function smallNumericValue(
  out: ByteSink,
  magnitude: number,
  negative: boolean,
  scale: number,
): boolean {
  const fractionGroups = Math.ceil(scale / 4);
  let u = magnitude * POW10[fractionGroups * 4 - scale]!;
  if (u > Number.MAX_SAFE_INTEGER) return false;
  // Base-10000 digits, least significant first.
  let m = 0;
  while (u > 0) {
    const q = Math.floor(u / 10000);
    groups[m++] = u - q * 10000;
    u = q;
  }
  let low = 0;
  while (low < m && groups[low] === 0) low++;
  const n = m - low;
  const size = 8 + 2 * n;
  out.ensure(4 + size);
  const b = out.buf;
  let p = out.pos;
  const weight = n === 0 ? 0 : m - fractionGroups - 1;
  const sign = negative && n > 0 ? 0x4000 : 0;
  b[p] = 0;
  b[p + 1] = 0;
  b[p + 2] = (size >> 8) & 255;
  b[p + 3] = size & 255;
  b[p + 4] = (n >> 8) & 255;
  b[p + 5] = n & 255;
  b[p + 6] = (weight >> 8) & 255;
  b[p + 7] = weight & 255;
  b[p + 8] = sign >> 8;
  b[p + 9] = 0;
  b[p + 10] = (scale >> 8) & 255;
  b[p + 11] = scale & 255;
  p += 12;
  for (let j = m - 1; j >= low; j--) {
    const g = groups[j]!;
    b[p] = g >> 8;
    b[p + 1] = g & 255;
    p += 2;
  }
  out.pos = p;
  return true;
}

/**
 * An exact decimal (`unscaled` x 10^-scale) as PostgreSQL's numeric: base-10000 digits with
 * the weight of the first, a sign and the display scale.
 */
export function numericValue(out: ByteSink, unscaled: bigint, scale: number): void {
  const negative = unscaled < 0n;
  const text = (negative ? -unscaled : unscaled).toString().padStart(scale + 1, "0");
  const whole = text.slice(0, text.length - scale);
  const fraction = text.slice(text.length - scale);
  const wholeGroups = Math.ceil(whole.length / 4);
  const padded = whole.padStart(wholeGroups * 4, "0") + fraction.padEnd(Math.ceil(scale / 4) * 4, "0");
  const digits: number[] = [];
  for (let k = 0; k < padded.length; k += 4) digits.push(Number(padded.slice(k, k + 4)));
  let weight = wholeGroups - 1;
  let first = 0;
  while (first < digits.length && digits[first] === 0) {
    first++;
    weight--;
  }
  let last = digits.length;
  while (last > first && digits[last - 1] === 0) last--;
  const kept = digits.slice(first, last);
  int32(out, 8 + 2 * kept.length);
  int16(out, kept.length);
  int16(out, kept.length === 0 ? 0 : weight);
  int16(out, negative && kept.length > 0 ? 0x4000 : 0);
  int16(out, scale);
  for (const d of kept) int16(out, d);
}
