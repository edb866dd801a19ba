import type { ByteSink } from "../arrow-values/byte-sink.ts";

/*
 * rowforge's one Protobuf wire-format writer: primitives written straight into a ByteSink.
 * Varints (32- and 64-bit from JS numbers, as protobufjs's LongBits reads them, and 64-bit from
 * bigints), zigzag, fixed widths, field keys, and length-delimited runs (bytes, nested messages,
 * packed repeated fields) whose length is patched in after their content. The Kafka/Protobuf
 * value encoder (proto-column-writer.ts, a hot path) and the ORC writer's metadata (through
 * proto-writer.ts) both write with it; the number functions stay free of bigint checks so that
 * the hot path's call sites see numbers only.
 */

/** A double, 8 bytes little-endian; a float, 4 bytes little-endian. */
export { writeFloat32LE as float, writeFloat64LE as double } from "../arrow-values/float-bytes.ts";

export const VARINT = 0;
export const FIXED64 = 1;
export const LEN = 2;
export const FIXED32 = 5;

/** An unsigned 32-bit varint (the number is taken modulo 2^32). */
export function varint32(out: ByteSink, n: number): void {
  let v = n >>> 0;
  out.ensure(5);
  const buf = out.buf;
  let p = out.pos;
  while (v > 127) {
    buf[p++] = (v & 127) | 128;
    v >>>= 7;
  }
  buf[p++] = v;
  out.pos = p;
}

/** A 64-bit varint of its low and high 32-bit words. */
export function varintLoHi(out: ByteSink, lo: number, hi: number): void {
  if (hi === 0) {
    varint32(out, lo);
    return;
  }
  out.ensure(10);
  const buf = out.buf;
  let p = out.pos;
  let l = lo >>> 0;
  let h = hi >>> 0;
  while (h > 0 || l > 127) {
    buf[p++] = (l & 127) | 128;
    l = ((l >>> 7) | (h << 25)) >>> 0;
    h >>>= 7;
  }
  buf[p++] = l;
  out.pos = p;
}

/** Low and high words of a whole number (two's complement when negative), truncated toward zero as protobufjs does. */
let LO = 0;
let HI = 0;
function split(n: number): void {
  let v = Math.trunc(n);
  if (!Number.isFinite(v)) v = 0;
  const neg = v < 0;
  if (neg) v = -v;
  let lo = v >>> 0;
  let hi = ((v - lo) / 4294967296) >>> 0;
  if (neg) {
    hi = ~hi >>> 0;
    lo = ~lo >>> 0;
    if (++lo > 4294967295) {
      lo = 0;
      hi = (hi + 1) >>> 0;
    }
  }
  LO = lo;
  HI = hi;
}

/** int64/uint64 (and negative int32, sign-extended to 10 bytes); fractions truncate toward zero, NaN and ±Infinity write 0. */
export function varint64(out: ByteSink, n: number): void {
  if (n >= 0 && n <= 0xffffffff && Number.isInteger(n)) {
    varint32(out, n);
    return;
  }
  split(n);
  varintLoHi(out, LO, HI);
}

export function int32(out: ByteSink, n: number): void {
  const v = n | 0;
  if (v >= 0) varint32(out, v);
  else varintLoHi(out, v >>> 0, 0xffffffff);
}

export function sint32(out: ByteSink, n: number): void {
  const v = n | 0;
  varint32(out, ((v << 1) ^ (v >> 31)) >>> 0);
}

export function sint64(out: ByteSink, n: number): void {
  split(n);
  sintLoHi(out, LO, HI);
}

/**
 * Zigzag of a 64-bit two's complement integer given as its low and high 32-bit words, then a
 * varint: Protobuf's sint64 and Avro's long, exact over the whole int64 range without a bigint.
 */
export function sintLoHi(out: ByteSink, lo: number, hi: number): void {
  const mask = hi >> 31;
  varintLoHi(out, ((lo << 1) ^ mask) >>> 0, (((hi << 1) | (lo >>> 31)) ^ mask) >>> 0);
}

const U32 = 0xffffffffn;

/** A 64-bit varint of a bigint: uint64, or int64 as two's complement (taken modulo 2^64). */
export function varintBig(out: ByteSink, n: bigint): void {
  const v = BigInt.asUintN(64, n);
  varintLoHi(out, Number(v & U32), Number(v >> 32n));
}

/** sint64 of a bigint: zigzag, then a varint (taken modulo 2^64). */
export function sintBig(out: ByteSink, n: bigint): void {
  varintBig(out, (n << 1n) ^ (n >> 63n));
}

export function fixed32(out: ByteSink, n: number): void {
  out.uint32le(n);
}

export function fixed64(out: ByteSink, n: number): void {
  split(n);
  const hi = HI;
  fixed32(out, LO);
  fixed32(out, hi);
}

/** A fixed64/sfixed64 of its low and high 32-bit words. */
export function fixed64LoHi(out: ByteSink, lo: number, hi: number): void {
  fixed32(out, lo);
  fixed32(out, hi);
}

/** Starts a length-delimited run: one byte is kept for its length (endLen widens it when needed). */
export function beginLen(out: ByteSink): number {
  out.byte(0);
  return out.pos;
}

/** Ends the run begun at `start` (beginLen's answer): writes its length, moving the content when the length takes more than one byte. */
export function endLen(out: ByteSink, start: number): void {
  const len = out.pos - start;
  if (len < 128) {
    out.buf[start - 1] = len;
    return;
  }
  const size = len < 1 << 14 ? 2 : len < 1 << 21 ? 3 : len < 1 << 28 ? 4 : 5;
  out.ensure(size - 1);
  const buf = out.buf;
  buf.copyWithin(start + size - 1, start, out.pos);
  out.pos += size - 1;
  let v = len;
  let p = start - 1;
  while (v > 127) {
    buf[p++] = (v & 127) | 128;
    v >>>= 7;
  }
  buf[p] = v;
}

/** Raw bytes, length first. */
export function lenBytes(out: ByteSink, src: Uint8Array, from: number, to: number): void {
  const n = to - from;
  varint32(out, n);
  out.ensure(n);
  const buf = out.buf;
  const p = out.pos;
  if (n > 32) buf.set(src.subarray(from, to), p);
  else for (let k = 0; k < n; k++) buf[p + k] = src[from + k]!;
  out.pos = p + n;
}

/** A field's tag as the varint bytes written before its value. */
export function tagBytes(id: number, wire: number): Uint8Array {
  const bytes: number[] = [];
  let v = ((id << 3) | wire) >>> 0;
  while (v > 127) {
    bytes.push((v & 127) | 128);
    v >>>= 7;
  }
  bytes.push(v);
  return Uint8Array.from(bytes);
}

/** Writes a field's key (number and wire type) as it goes: for messages written once, where tagBytes would not pay. */
export function key(out: ByteSink, id: number, wire: number): void {
  varint32(out, ((id << 3) | wire) >>> 0);
}

/** Writes a tag (one or two bytes in nearly every schema). */
export function tag(out: ByteSink, t: Uint8Array): void {
  if (t.length === 1) out.byte(t[0]!);
  else out.bytes(t);
}
