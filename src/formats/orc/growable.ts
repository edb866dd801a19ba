/** The typed arrays the writer buffers column values in. */
export type GrowableArray =
  | Uint8Array
  | Int8Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array
  | BigInt64Array;

/**
 * `arr` itself when it holds `needed` elements, else a larger copy. Capacity doubles so that
 * appending a stripe's values costs amortised constant time per value.
 */
export function ensureCapacity<T extends GrowableArray>(arr: T, needed: number): T {
  if (needed <= arr.length) return arr;
  const capacity = Math.max(needed, arr.length * 2, 256);
  const Ctor = arr.constructor as new (length: number) => T;
  const next = new Ctor(capacity);
  (next as Uint8Array).set(arr as unknown as Uint8Array);
  return next;
}

/** A growable byte buffer: the string columns' value bytes use it. */
export class ByteBuffer {
  bytes: Uint8Array;
  length = 0;

  constructor(initial = 256) {
    this.bytes = new Uint8Array(initial);
  }

  push(b: number): void {
    if (this.length === this.bytes.length) this.bytes = ensureCapacity(this.bytes, this.length + 1);
    this.bytes[this.length++] = b;
  }

  pushBytes(src: Uint8Array, start = 0, end = src.length): void {
    const n = end - start;
    if (n <= 0) return;
    this.bytes = ensureCapacity(this.bytes, this.length + n);
    this.bytes.set(src.subarray(start, end), this.length);
    this.length += n;
  }

  /** The bytes written so far (a view, valid until the next write). */
  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }

  /** A copy of the bytes written so far. */
  toBytes(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }

  clear(): void {
    this.length = 0;
  }
}
