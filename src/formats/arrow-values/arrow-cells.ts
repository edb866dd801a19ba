import type { Data, Type } from "apache-arrow";

/*
 * Arrow JS's slicing convention, which every reader here follows: slicing an array cuts its
 * value and offset buffers to the slice and adds the slice start to `offset`, which then only
 * counts in bit-packed buffers (the validity bitmap, boolean values). So values and offsets are
 * read at [i], bits at [offset + i]; for arrays that were never sliced, offset is 0.
 */

/** Whether row i of an Arrow array is valid (not null). */
export function isValid(data: Data, i: number): boolean {
  const bitmap = data.nullBitmap;
  if (!bitmap || bitmap.length === 0 || data.nullCount === 0) return true;
  const j = data.offset + i;
  return ((bitmap[j >> 3]! >> (j & 7)) & 1) === 1;
}

const decoder = new TextDecoder();

/**
 * Reads the strings of a Utf8 array. ASCII-only buffers (the common case) are decoded once
 * and sliced; others decode value by value.
 */
export function utf8Reader(data: Data): (i: number) => string {
  const offsets = data.valueOffsets as Int32Array;
  const bytes = data.values as Uint8Array;
  const start = offsets[0] ?? 0;
  const end = offsets[data.length] ?? 0;
  let ascii = true;
  for (let k = start; k < end; k++) {
    if (bytes[k]! >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) {
    const text = latin1(bytes, start, end);
    return (i) => text.slice(offsets[i]! - start, offsets[i + 1]! - start);
  }
  return (i) => decoder.decode(bytes.subarray(offsets[i]!, offsets[i + 1]!));
}

function latin1(bytes: Uint8Array, start: number, end: number): string {
  let out = "";
  const CHUNK = 8192;
  for (let k = start; k < end; k += CHUNK) {
    out += String.fromCharCode.apply(
      null,
      bytes.subarray(k, Math.min(end, k + CHUNK)) as unknown as number[],
    );
  }
  return out;
}

export function binaryReader(data: Data): (i: number) => Uint8Array {
  const offsets = data.valueOffsets as Int32Array;
  const bytes = data.values as Uint8Array;
  return (i) => bytes.subarray(offsets[i]!, offsets[i + 1]!);
}

/** Reads numbers: ints as numbers, 64-bit ints as bigint, floats as numbers. */
export function numberReader(data: Data): (i: number) => number | bigint {
  const values = data.values as ArrayLike<number | bigint>;
  return (i) => values[i]!;
}

/**
 * A 64-bit integer column's values as 32-bit words (row i: low word at 2i, high at 2i + 1 on the
 * little-endian machines rowforge runs on, as int64AsNumberReader reads them), for writers that stay exact over the whole int64
 * range without a bigint per value; undefined for other columns.
 */
export function int64Words(data: Data): Int32Array | undefined {
  const v = data.values as unknown;
  if (!(v instanceof BigInt64Array) && !(v instanceof BigUint64Array)) return undefined;
  return new Int32Array(v.buffer, v.byteOffset, v.length * 2);
}

/**
 * A 64-bit integer array read as numbers from its 32-bit words, without a BigInt per value
 * (exact below 2^53, rounded like Number(bigint) above). Other arrays read as numberReader's.
 */
export function int64AsNumberReader(data: Data): (i: number) => number {
  const v = data.values as ArrayLike<number | bigint> & ArrayBufferView;
  if (!(v instanceof BigInt64Array)) {
    const read = numberReader(data);
    return (i) => Number(read(i));
  }
  const words = new Int32Array(v.buffer, v.byteOffset, v.length * 2);
  return (i) => {
    const k = 2 * i;
    return words[k + 1]! * 4294967296 + (words[k]! >>> 0);
  };
}

export function boolReader(data: Data): (i: number) => boolean {
  const bits = data.values as Uint8Array;
  const base = data.offset;
  return (i) => {
    const j = base + i;
    return ((bits[j >> 3]! >> (j & 7)) & 1) === 1;
  };
}

/** The unscaled value of a Decimal128 as a bigint (two's complement, little-endian words). */
export function decimalReader(data: Data): (i: number) => bigint {
  const words = data.values as Uint32Array;
  return (i) => {
    const k = i * 4;
    let x = 0n;
    for (let w = 3; w >= 0; w--) x = (x << 32n) | BigInt(words[k + w]!);
    return x >= 1n << 127n ? x - (1n << 128n) : x;
  };
}

/** `-123` unscaled with scale 2 → `-1.23`, exactly. */
export function decimalText(unscaled: bigint, scale: number): string {
  if (scale === 0) return unscaled.toString();
  const negative = unscaled < 0n;
  const digits = (negative ? -unscaled : unscaled).toString().padStart(scale + 1, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

export const typeIdOf = (data: Data): Type => data.typeId;
