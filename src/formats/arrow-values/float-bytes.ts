import type { ByteSink } from "./byte-sink.ts";

/** Scratch words whose bytes are copied out. */
const f64 = new Float64Array(1);
const f64b = new Uint8Array(f64.buffer);
const f32 = new Float32Array(1);
const f32b = new Uint8Array(f32.buffer);

/** On a big-endian machine the scratch bytes are read back to front. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Copies a scratch word's bytes out, little-endian. */
function copyLittleEndian(out: ByteSink, bytes: Uint8Array): void {
  const n = bytes.length;
  out.ensure(n);
  const buf = out.buf;
  const p = out.pos;
  if (LITTLE_ENDIAN) for (let k = 0; k < n; k++) buf[p + k] = bytes[k]!;
  else for (let k = 0; k < n; k++) buf[p + k] = bytes[n - 1 - k]!;
  out.pos = p + n;
}

/** A double as its 8 IEEE 754 bytes, little-endian (as Avro and Protobuf write it). */
export function writeFloat64LE(out: ByteSink, n: number): void {
  f64[0] = n;
  copyLittleEndian(out, f64b);
}

/** A float (n rounded to 32 bits) as its 4 IEEE 754 bytes, little-endian. */
export function writeFloat32LE(out: ByteSink, n: number): void {
  f32[0] = n;
  copyLittleEndian(out, f32b);
}
