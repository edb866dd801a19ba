import { deserialize, serialize } from "node:v8";
import type { SqlValue } from "../engine/index.ts";
import { grownBytes } from "../formats/arrow-values/byte-sink.ts";
import type { DataType } from "../model/data-type.ts";

/*
 * Group keys and aggregate states as bytes: one canonical encoding per value of a type, so
 * equal keys are equal bytes (hashed and compared without a JS string or object per key), and
 * they can be written to spill files and read back exactly. Per value: 0 for NULL, else 1 and
 * the value: booleans one byte; numbers (ints, floats, dates, timestamps) a float64 (-0 as 0,
 * one NaN); bigints (longs, decimals, integer sums) their decimal text; strings their UTF-8
 * bytes and binary its bytes, after their length; arrays, maps and structs V8's serialization.
 */

/** The kinds whose values are a float64 in key bytes (numbers: ints, floats, dates, timestamps). */
const FLOAT64_KINDS: ReadonlySet<DataType["kind"]> = new Set([
  "byte",
  "short",
  "int",
  "float",
  "double",
  "date",
  "timestamp",
]);

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A growable byte buffer keys and states are written into. */
export class ByteWriter {
  buf = new Uint8Array(256);
  len = 0;
  private view = new DataView(this.buf.buffer);

  reset(): void {
    this.len = 0;
  }

  /** Room for n more bytes after `len` (for a caller writing into `buf` itself). */
  ensure(n: number): void {
    this.room(n);
  }

  private room(n: number): void {
    if (this.len + n <= this.buf.length) return;
    this.buf = grownBytes(this.buf, this.len, n);
    this.view = new DataView(this.buf.buffer);
  }

  byte(b: number): void {
    this.room(1);
    this.buf[this.len++] = b;
  }

  f64(x: number): void {
    this.room(8);
    this.view.setFloat64(this.len, x === 0 ? 0 : Number.isNaN(x) ? Number.NaN : x, true);
    this.len += 8;
  }

  i32(x: number): void {
    this.room(4);
    this.view.setInt32(this.len, x, true);
    this.len += 4;
  }

  varint(n: number): void {
    this.room(5);
    while (n >= 0x80) {
      this.buf[this.len++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    this.buf[this.len++] = n;
  }

  /** Bytes after their length. */
  bytes(src: Uint8Array, start: number, end: number): void {
    const n = end - start;
    this.varint(n);
    this.room(n);
    if (n < 32) for (let k = start; k < end; k++) this.buf[this.len++] = src[k]!;
    else {
      this.buf.set(src.subarray(start, end), this.len);
      this.len += n;
    }
  }

  /** A string's UTF-8 bytes after their length (ASCII without the encoder). */
  text(s: string): void {
    let ascii = s.length < 128;
    for (let k = 0; ascii && k < s.length; k++) if (s.charCodeAt(k) >= 0x80) ascii = false;
    if (ascii) {
      this.varint(s.length);
      this.room(s.length);
      for (let k = 0; k < s.length; k++) this.buf[this.len++] = s.charCodeAt(k);
      return;
    }
    const b = encoder.encode(s);
    this.bytes(b, 0, b.length);
  }

  /** Appends bytes as they are (no length). */
  raw(src: Uint8Array, start: number, end: number): void {
    this.room(end - start);
    this.buf.set(src.subarray(start, end), this.len);
    this.len += end - start;
  }

  /** A value of a type (see the encoding above), converted to the type's form when it has another (a joined column). */
  value(v: SqlValue, type: DataType): void {
    if (v === null || v === undefined) {
      this.byte(0);
      return;
    }
    this.byte(1);
    if (FLOAT64_KINDS.has(type.kind)) {
      this.f64(typeof v === "number" ? v : Number(v));
      return;
    }
    switch (type.kind) {
      case "boolean":
        this.byte(v === true ? 1 : 0);
        return;
      case "long":
      case "decimal":
        this.text(
          typeof v === "bigint"
            ? v.toString()
            : typeof v === "number" && Number.isInteger(v)
              ? BigInt(v).toString()
              : String(v),
        );
        return;
      case "string":
        this.text(typeof v === "string" ? v : String(v));
        return;
      case "binary":
        if (v instanceof Uint8Array) {
          this.bytes(v, 0, v.length);
          return;
        }
    }
    const b = serialize(v);
    this.bytes(b, 0, b.length);
  }
}

/** Reads what a ByteWriter wrote, from `pos` on. */
export class ByteReader {
  buf: Uint8Array;
  pos: number;
  private view: DataView;
  constructor(buf: Uint8Array, pos = 0) {
    this.buf = buf;
    this.pos = pos;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }
  /** Reads from `pos` of a buffer (the view is made again only for another buffer). */
  reset(buf: Uint8Array, pos: number): void {
    if (buf !== this.buf) {
      this.buf = buf;
      this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    }
    this.pos = pos;
  }
  i32(): number {
    const x = this.view.getInt32(this.pos, true);
    this.pos += 4;
    return x;
  }
  byte(): number {
    return this.buf[this.pos++]!;
  }
  f64(): number {
    const x = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return x;
  }
  varint(): number {
    let n = 0;
    let shift = 0;
    for (;;) {
      const b = this.buf[this.pos++]!;
      n += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return n;
      shift += 7;
    }
  }
  /** The bytes after their length (a view, valid while the buffer is). */
  bytes(): Uint8Array {
    const n = this.varint();
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  text(): string {
    return decoder.decode(this.bytes());
  }
  /** A value written by ByteWriter.value for a type (bigints for longs and decimals). */
  value(type: DataType): SqlValue {
    if (this.byte() === 0) return null;
    if (FLOAT64_KINDS.has(type.kind)) return this.f64();
    switch (type.kind) {
      case "boolean":
        return this.byte() === 1;
      case "long":
      case "decimal":
        return BigInt(this.text());
      case "string":
        return this.text();
      case "binary":
        return this.bytes().slice();
      default:
        return deserialize(this.bytes()) as SqlValue;
    }
  }
  /** Skips a value written by ByteWriter.value for a type. */
  skipValue(type: DataType): void {
    if (this.byte() === 0) return;
    if (FLOAT64_KINDS.has(type.kind)) {
      this.pos += 8;
      return;
    }
    switch (type.kind) {
      case "boolean":
        this.pos++;
        return;
      default: {
        const n = this.varint();
        this.pos += n;
      }
    }
  }
}

/** FNV-1a over bytes, finished with murmur3's mix so every bit of the hash depends on every byte. */
export function hashBytes(buf: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let k = start; k < end; k++) h = Math.imul(h ^ buf[k]!, 0x01000193);
  return mix(h);
}

/** murmur3's 32-bit finaliser. */
export function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
