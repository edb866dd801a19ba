import type { OutStream } from "./out-stream.ts";

const MAX_RUN = 512;
const MIN_REPEAT = 3;
const MAX_SHORT_REPEAT = 10;
const TWO_POW_32 = 4294967296;
/** Values within ±2^51 take the number path: their zigzags and deltas stay exact doubles. */
export const SAFE_RLE = 2 ** 51;

const SHORT_REPEAT = 0;
const DIRECT = 1;
const DELTA = 3;

/**
 * Integer run-length encoding version 2. Each `write` encodes its values completely (no state
 * is carried between calls), so a call per row group makes every group start on a run, which
 * is what lets the row index point at it with "0 values consumed". Sub-encodings: SHORT_REPEAT
 * for 3-10 equal values, DELTA for longer equal runs and monotonic sequences, DIRECT otherwise.
 */
export class RleV2Writer {
  private readonly out: OutStream;
  private readonly signed: boolean;
  private readonly scratch = new Float64Array(MAX_RUN);

  constructor(out: OutStream, signed: boolean) {
    this.out = out;
    this.signed = signed;
  }

  /** Encodes values[start, end); every value must lie within ±SAFE_RLE (non-negative when unsigned). */
  write(values: ArrayLike<number>, start: number, end: number): void {
    let i = start;
    while (i < end) {
      const v = values[i]!;
      let run = 1;
      while (i + run < end && run < MAX_RUN && values[i + run] === v) run++;
      if (run >= MIN_REPEAT) {
        this.repeat(v, run);
        i += run;
        continue;
      }
      let j = i + 1;
      while (j < end && j - i < MAX_RUN) {
        if (j + 2 < end && values[j] === values[j + 1] && values[j] === values[j + 2]) break;
        j++;
      }
      this.literals(values, i, j);
      i = j;
    }
  }

  /** Encodes `count` copies of one value. */
  writeRepeat(value: number, count: number): void {
    let left = count;
    while (left > 0) {
      const n = Math.min(left, MAX_RUN);
      if (n >= MIN_REPEAT) this.repeat(value, n);
      else {
        this.scratch.fill(value, 0, n);
        this.direct(this.scratch, 0, n);
      }
      left -= n;
    }
  }

  /** Encodes 64-bit values; windows holding a value beyond ±SAFE_RLE are written DIRECT at 64 bits. */
  writeBig(values: BigInt64Array, start: number, end: number): void {
    const words = new Int32Array(values.buffer, values.byteOffset, values.length * 2);
    const buf = new Float64Array(MAX_RUN);
    for (let w = start; w < end; w += MAX_RUN) {
      const n = Math.min(MAX_RUN, end - w);
      let safe = true;
      for (let k = 0; k < n; k++) {
        const hi = words[(w + k) * 2 + 1]!;
        if (hi < -0x80000 || hi >= 0x80000) {
          safe = false;
          break;
        }
        buf[k] = hi * TWO_POW_32 + (words[(w + k) * 2]! >>> 0);
      }
      if (safe) this.write(buf, 0, n);
      else this.direct64(values, w, n);
    }
  }

  private zz(v: number): number {
    if (!this.signed) return v;
    return v >= 0 ? v * 2 : -v * 2 - 1;
  }

  private repeat(value: number, count: number): void {
    if (count <= MAX_SHORT_REPEAT) {
      const z = this.zz(value);
      const width = Math.max(1, Math.ceil(bitsFor(z) / 8));
      this.out.writeByte((SHORT_REPEAT << 6) | ((width - 1) << 3) | (count - MIN_REPEAT));
      writeBigEndian(this.out, z, width);
      return;
    }
    this.header(DELTA, 0, count);
    this.baseValue(value);
    writeVarint(this.out, 0);
  }

  private literals(values: ArrayLike<number>, start: number, end: number): void {
    const n = end - start;
    if (n >= 3) {
      const first = values[start + 1]! - values[start]!;
      if (first !== 0) {
        let monotonic = true;
        let fixed = true;
        let maxDelta = 0;
        for (let k = start + 2; k < end; k++) {
          const d = values[k]! - values[k - 1]!;
          if (d !== first) fixed = false;
          if (first > 0 ? d < 0 : d > 0) {
            monotonic = false;
            break;
          }
          const m = Math.abs(d);
          if (m > maxDelta) maxDelta = m;
        }
        if (monotonic) {
          const width = fixed ? 0 : alignedWidth(Math.max(2, bitsFor(maxDelta)));
          const deltaSize =
            2 +
            varintLength(this.zz(values[start]!)) +
            varintLength(zigzagSafe(first)) +
            Math.ceil(((n - 2) * width) / 8);
          if (deltaSize <= this.directSize(values, start, end)) {
            this.delta(values, start, end, first, width);
            return;
          }
        }
      }
    }
    this.direct(values, start, end);
  }

  private directSize(values: ArrayLike<number>, start: number, end: number): number {
    let max = 0;
    for (let k = start; k < end; k++) {
      const z = this.zz(values[k]!);
      if (z > max) max = z;
    }
    return 2 + Math.ceil(((end - start) * alignedWidth(bitsFor(max))) / 8);
  }

  private direct(values: ArrayLike<number>, start: number, end: number): void {
    const n = end - start;
    const zs = this.scratch;
    let max = 0;
    for (let k = 0; k < n; k++) {
      const z = this.zz(values[start + k]!);
      zs[k] = z;
      if (z > max) max = z;
    }
    const width = alignedWidth(bitsFor(max));
    this.header(DIRECT, width, n);
    packBits(this.out, zs, n, width);
  }

  private delta(values: ArrayLike<number>, start: number, end: number, first: number, width: number): void {
    const n = end - start;
    this.header(DELTA, width, n);
    this.baseValue(values[start]!);
    writeVarint(this.out, zigzagSafe(first));
    if (width === 0) return;
    const ds = this.scratch;
    for (let k = 2; k < n; k++) ds[k - 2] = Math.abs(values[start + k]! - values[start + k - 1]!);
    packBits(this.out, ds, n - 2, width);
  }

  private baseValue(v: number): void {
    writeVarint(this.out, this.zz(v));
  }

  private header(kind: number, width: number, length: number): void {
    const w = kind === DELTA && width === 0 ? 0 : encodeWidth(width);
    this.out.writeByte((kind << 6) | (w << 1) | ((length - 1) >>> 8));
    this.out.writeByte((length - 1) & 0xff);
  }

  private direct64(values: BigInt64Array, start: number, n: number): void {
    this.header(DIRECT, 64, n);
    for (let k = 0; k < n; k++) {
      const v = values[start + k]!;
      let z = BigInt.asUintN(64, this.signed ? (v << 1n) ^ (v >> 63n) : v);
      const bytes = new Uint8Array(8);
      for (let b = 7; b >= 0; b--) {
        bytes[b] = Number(z & 0xffn);
        z >>= 8n;
      }
      this.out.write(bytes);
    }
  }
}

function zigzagSafe(v: number): number {
  return v >= 0 ? v * 2 : -v * 2 - 1;
}

/** The number of bits of a non-negative integer below 2^64 held exactly as a double. */
export function bitsFor(x: number): number {
  if (x < TWO_POW_32) return 32 - Math.clz32(x);
  return 64 - Math.clz32(Math.floor(x / TWO_POW_32));
}

/** The smallest byte-friendly width RLE v2 readers unpack fast: 1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64. */
export function alignedWidth(bits: number): number {
  if (bits <= 1) return 1;
  if (bits <= 2) return 2;
  if (bits <= 4) return 4;
  if (bits <= 8) return 8;
  return Math.ceil(bits / 8) * 8;
}

/** The 5-bit code of a bit width (the specification's width table). */
export function encodeWidth(width: number): number {
  if (width <= 24) return width - 1;
  switch (width) {
    case 26:
      return 24;
    case 28:
      return 25;
    case 30:
      return 26;
    case 32:
      return 27;
    case 40:
      return 28;
    case 48:
      return 29;
    case 56:
      return 30;
    default:
      return 31;
  }
}

function varintLength(x: number): number {
  let n = 1;
  let v = x;
  while (v >= 128) {
    v = Math.floor(v / 128);
    n++;
  }
  return n;
}

/** A base-128 varint of a non-negative safe integer. */
export function writeVarint(out: OutStream, x: number): void {
  let v = x;
  while (v >= 128) {
    out.writeByte((v < TWO_POW_32 ? v & 0x7f : v % 128) | 0x80);
    v = Math.floor(v / 128);
  }
  out.writeByte(v);
}

function writeBigEndian(out: OutStream, x: number, bytes: number): void {
  const hi = Math.floor(x / TWO_POW_32);
  const lo = x >>> 0;
  for (let b = bytes - 1; b >= 0; b--)
    out.writeByte(b >= 4 ? (hi >>> ((b - 4) * 8)) & 0xff : (lo >>> (b * 8)) & 0xff);
}

/** Packs n non-negative values of `width` bits, most significant bit first, padded to a byte. */
function packBits(out: OutStream, xs: Float64Array, n: number, width: number): void {
  if (width >= 8) {
    const bytes = width / 8;
    for (let k = 0; k < n; k++) writeBigEndian(out, xs[k]!, bytes);
    return;
  }
  let acc = 0;
  let used = 0;
  for (let k = 0; k < n; k++) {
    acc = (acc << width) | xs[k]!;
    used += width;
    if (used === 8) {
      out.writeByte(acc);
      acc = 0;
      used = 0;
    }
  }
  if (used > 0) out.writeByte((acc << (8 - used)) & 0xff);
}
