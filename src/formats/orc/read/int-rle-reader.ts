import { orcReadError } from "./orc-read-error.ts";

/**
 * Decoders of ORC's run-length encodings, from the ORC v1 specification: integer RLE v1 and
 * v2 (SHORT_REPEAT, DIRECT, PATCHED_BASE, DELTA), byte RLE and booleans. Integers come out as
 * numbers, exact to 2^53 (ORC's 64-bit values beyond that lose their low bits).
 */
export class ByteStream {
  readonly bytes: Uint8Array;
  pos = 0;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }
  byte(): number {
    if (this.pos >= this.bytes.length) throw orcReadError("ORC stream ended early");
    return this.bytes[this.pos++]!;
  }
  /** An unsigned base-128 varint. */
  uvarint(): number {
    let result = 0;
    let scale = 1;
    for (;;) {
      const b = this.byte();
      result += (b & 0x7f) * scale;
      if ((b & 0x80) === 0) return result;
      scale *= 128;
    }
  }
  /** A zigzag-encoded signed varint (exact over the whole 64-bit range, as a number). */
  svarint(): number {
    const start = this.pos;
    const u = this.uvarint();
    if (u < 2 ** 53) return unzigzag(u);
    this.pos = start;
    return Number(this.bigSvarint());
  }
  /** An unbounded zigzag varint as a bigint (decimals' unscaled values). */
  bigSvarint(): bigint {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const b = this.byte();
      result |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) break;
      shift += 7n;
    }
    return (result >> 1n) ^ -(result & 1n);
  }
}

const unzigzag = (u: number): number => (u % 2 === 1 ? -(u + 1) / 2 : u / 2);
const bigUnzigzag = (u: bigint): number => Number((u >> 1n) ^ -(u & 1n));

/** Reads `count` integers of an RLE v1 or v2 stream into `out` from `at`. */
export function readInts(
  bytes: Uint8Array,
  count: number,
  signed: boolean,
  v2: boolean,
  out: Float64Array = new Float64Array(count),
): Float64Array {
  const s = new ByteStream(bytes);
  let n = 0;
  while (n < count) n = v2 ? runV2(s, signed, out, n, count) : runV1(s, signed, out, n, count);
  return out;
}

function runV1(s: ByteStream, signed: boolean, out: Float64Array, n: number, count: number): number {
  const header = s.byte();
  if (header < 128) {
    const len = header + 3;
    const d = s.byte();
    const delta = d >= 128 ? d - 256 : d;
    const base = signed ? s.svarint() : s.uvarint();
    for (let i = 0; i < len && n < count; i++) out[n++] = base + i * delta;
  } else {
    const len = 256 - header;
    for (let i = 0; i < len && n < count; i++) out[n++] = signed ? s.svarint() : s.uvarint();
  }
  return n;
}

const WIDTHS = [26, 28, 30, 32, 40, 48, 56, 64];
const widthOf = (code: number): number => (code <= 23 ? code + 1 : WIDTHS[code - 24]!);
const closestFixed = (n: number): number => (n <= 24 ? n : (WIDTHS.find((w) => n <= w) ?? 64));

/**
 * Reads `count` big-endian values of `width` bits each (byte aligned at the start; the last
 * byte's spare bits dropped), zigzag-decoded when `zigzag`. Values wider than 52 bits go
 * through bigint so that they stay exact to 2^53.
 */
function unpack(s: ByteStream, count: number, width: number, zigzag = false): number[] {
  if (width > 52) return unpackBig(s, count, width, zigzag);
  const values = new Array<number>(count);
  let cur = 0;
  let left = 0;
  for (let i = 0; i < count; i++) {
    let v = 0;
    let need = width;
    while (need > 0) {
      if (left === 0) {
        cur = s.byte();
        left = 8;
      }
      const take = Math.min(need, left);
      v = v * 2 ** take + ((cur >>> (left - take)) & ((1 << take) - 1));
      left -= take;
      need -= take;
    }
    values[i] = zigzag ? unzigzag(v) : v;
  }
  return values;
}

function unpackBig(s: ByteStream, count: number, width: number, zigzag: boolean): number[] {
  const values = new Array<number>(count);
  const w = BigInt(width);
  const mask = (1n << w) - 1n;
  let acc = 0n;
  let bits = 0n;
  for (let i = 0; i < count; i++) {
    while (bits < w) {
      acc = (acc << 8n) | BigInt(s.byte());
      bits += 8n;
    }
    const v = (acc >> (bits - w)) & mask;
    bits -= w;
    acc &= (1n << bits) - 1n;
    values[i] = zigzag ? bigUnzigzag(v) : Number(v);
  }
  return values;
}

function runV2(s: ByteStream, signed: boolean, out: Float64Array, n: number, count: number): number {
  const first = s.byte();
  const kind = first >>> 6;
  const put = (v: number) => {
    if (n < count) out[n++] = v;
  };
  if (kind === 0) {
    // SHORT_REPEAT: 3-10 copies of one value of 1-8 bytes.
    const width = ((first >>> 3) & 7) + 1;
    const len = (first & 7) + 3;
    let big = 0n;
    for (let i = 0; i < width; i++) big = (big << 8n) | BigInt(s.byte());
    const v = signed ? bigUnzigzag(big) : Number(big);
    for (let i = 0; i < len; i++) put(v);
    return n;
  }
  const len = (((first & 1) << 8) | s.byte()) + 1;
  const code = (first >>> 1) & 0x1f;
  if (kind === 1) {
    for (const v of unpack(s, len, widthOf(code), signed)) put(v);
  } else if (kind === 3) {
    // DELTA: a base, a first delta, then the magnitudes of the other deltas (of the first's sign).
    const width = code === 0 ? 0 : widthOf(code);
    let value = signed ? s.svarint() : s.uvarint();
    const delta = s.svarint();
    put(value);
    if (len > 1) {
      value += delta;
      put(value);
    }
    if (width === 0) {
      for (let i = 2; i < len; i++) {
        value += delta;
        put(value);
      }
    } else {
      for (const d of unpack(s, len - 2, width)) {
        value += delta < 0 ? -d : d;
        put(value);
      }
    }
  } else {
    // PATCHED_BASE: a sign-magnitude base, values above it, and patches of their high bits.
    const third = s.byte();
    const fourth = s.byte();
    const width = widthOf(code);
    const baseBytes = ((third >>> 5) & 7) + 1;
    const patchWidth = widthOf(third & 0x1f);
    const gapWidth = ((fourth >>> 5) & 7) + 1;
    const patches = fourth & 0x1f;
    let base = 0;
    for (let i = 0; i < baseBytes; i++) base = base * 256 + s.byte();
    const signBit = 2 ** (baseBytes * 8 - 1);
    if (base >= signBit) base = -(base - signBit);
    const data = unpack(s, len, width);
    const list = unpack(s, patches, closestFixed(patchWidth + gapWidth));
    let at = 0;
    const patchScale = 2 ** patchWidth;
    for (const p of list) {
      at += Math.floor(p / patchScale);
      const patch = p % patchScale;
      // Patched values wider than 52 bits are combined as bigints (exact to 2^53).
      data[at] =
        width + patchWidth > 52
          ? Number(BigInt(data[at]!) + (BigInt(patch) << BigInt(width)))
          : data[at]! + patch * 2 ** width;
    }
    for (const d of data) put(base + d);
  }
  return n;
}

/** Reads `count` bytes of a byte-RLE stream. */
export function readByteRle(bytes: Uint8Array, count: number): Uint8Array {
  const s = new ByteStream(bytes);
  const out = new Uint8Array(count);
  let n = 0;
  while (n < count) {
    const header = s.byte();
    if (header < 128) {
      const v = s.byte();
      const end = Math.min(count, n + header + 3);
      out.fill(v, n, end);
      n = end;
    } else {
      for (let i = 256 - header; i > 0 && n < count; i--) out[n++] = s.byte();
    }
  }
  return out;
}

/** Reads `count` booleans (byte RLE of bits, most significant first) as 0/1. */
export function readBooleans(bytes: Uint8Array, count: number): Uint8Array {
  const packed = readByteRle(bytes, Math.ceil(count / 8));
  const out = new Uint8Array(count);
  for (let i = 0; i < count; i++) out[i] = (packed[i >> 3]! >> (7 - (i & 7))) & 1;
  return out;
}
