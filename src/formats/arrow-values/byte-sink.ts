import { uint8s } from "../../util/small-arrays.ts";

/**
 * A growable byte buffer that text encoders write into directly: no intermediate strings
 * per value, so large batches encode without garbage-collector churn.
 */
export class ByteSink {
  buf: Uint8Array;
  pos = 0;

  /** A new buffer of `capacity` bytes, or writes into the given bytes (a buffer handed back for reuse). */
  constructor(capacity: number | Uint8Array = 1 << 16) {
    this.buf = typeof capacity === "number" ? new Uint8Array(Math.max(capacity, 16)) : capacity;
  }

  ensure(extra: number): void {
    if (this.pos + extra > this.buf.length) this.buf = grownBytes(this.buf, this.pos, extra);
  }

  byte(b: number): void {
    if (this.pos >= this.buf.length) this.ensure(1);
    this.buf[this.pos++] = b;
  }

  bytes(src: Uint8Array): void {
    const n = src.length;
    this.ensure(n);
    if (n > 32) this.buf.set(src, this.pos);
    else {
      // Short runs (field names, keywords) byte by byte: TypedArray#set costs more than the copy.
      const buf = this.buf;
      const p = this.pos;
      for (let k = 0; k < n; k++) buf[p + k] = src[k]!;
    }
    this.pos += n;
  }

  /** `n`'s low 32 bits, little-endian. */
  uint32le(n: number): void {
    this.ensure(4);
    putUint32le(this.buf, this.pos, n);
    this.pos += 4;
  }

  /** Text known to be ASCII (numbers, dates, field names already checked). */
  ascii(s: string): void {
    const n = s.length;
    this.ensure(n);
    const buf = this.buf;
    let p = this.pos;
    for (let k = 0; k < n; k++) buf[p++] = s.charCodeAt(k);
    this.pos = p;
  }

  /** A non-negative whole number below 2^53, as decimal digits. */
  digits(n: number): void {
    if (n < 10) {
      this.byte(48 + n);
      return;
    }
    this.ensure(16);
    const buf = this.buf;
    if (n <= 0x7fffffff) {
      // 31-bit whole numbers with integer division.
      const start = this.pos;
      let p = start + 1;
      for (let x = n; x >= 10; x = (x / 10) | 0) p++;
      this.pos = p;
      for (let x = n | 0; p > start; ) {
        const q = (x / 10) | 0;
        buf[--p] = 48 + x - q * 10;
        x = q;
      }
      return;
    }
    let len = 0;
    for (let x = n; x >= 1; x = Math.floor(x / 10)) len++;
    let p = this.pos + len;
    this.pos = p;
    for (let x = n; x >= 1; x = Math.floor(x / 10)) buf[--p] = 48 + (x % 10);
  }

  /** The bytes written so far (a copy: the buffer is reused); small copies are slab views (see uint8s). */
  take(): Uint8Array {
    const out = uint8s(this.pos);
    out.set(this.buf.subarray(0, this.pos));
    this.pos = 0;
    return out;
  }
}

let shared: ByteSink | undefined;

/** One sink per thread for encoders that finish each batch before the next begins: no regrowth per batch. */
/** `n`'s low 32 bits, little-endian, at `p` of `buf` (a length filled in after what it measures). */
export function putUint32le(buf: Uint8Array, p: number, n: number): void {
  buf[p] = n & 255;
  buf[p + 1] = (n >>> 8) & 255;
  buf[p + 2] = (n >>> 16) & 255;
  buf[p + 3] = (n >>> 24) & 255;
}

export function sharedSink(): ByteSink {
  shared ??= new ByteSink(1 << 22);
  return shared;
}

/** A buffer twice as large (or more, until `extra` bytes fit after the `used` ones) holding the used bytes. */
export function grownBytes(buf: Uint8Array, used: number, extra: number): Uint8Array<ArrayBuffer> {
  let size = buf.length * 2;
  while (size < used + extra) size *= 2;
  const next = new Uint8Array(size);
  next.set(buf.subarray(0, used));
  return next;
}
