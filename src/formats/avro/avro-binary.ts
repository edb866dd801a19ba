import type { ByteSink } from "../arrow-values/byte-sink.ts";

/** An unsigned varint of a whole number below 2^53. */
function varint(out: ByteSink, n: number): void {
  out.ensure(10);
  const b = out.buf;
  let p = out.pos;
  while (n >= 128) {
    b[p++] = (n % 128) | 128;
    n = Math.floor(n / 128);
  }
  b[p++] = n;
  out.pos = p;
}

/** Avro `int`/`long` (zigzag varint) of a safe integer. */
export function writeLong(out: ByteSink, n: number): void {
  if (n >= 0 && n < 64) {
    out.byte(n * 2);
    return;
  }
  if (!Number.isSafeInteger(n)) {
    writeBigLong(out, BigInt(Math.trunc(n)));
    return;
  }
  varint(out, n >= 0 ? n * 2 : -n * 2 - 1);
}

export function writeBigLong(out: ByteSink, n: bigint): void {
  let z = n >= 0n ? n << 1n : (-n << 1n) - 1n;
  out.ensure(10);
  while (z >= 128n) {
    out.buf[out.pos++] = Number(z & 127n) | 128;
    z >>= 7n;
  }
  out.buf[out.pos++] = Number(z);
}

export function writeBytes(out: ByteSink, bytes: Uint8Array): void {
  writeLong(out, bytes.length);
  out.ensure(bytes.length);
  out.buf.set(bytes, out.pos);
  out.pos += bytes.length;
}
