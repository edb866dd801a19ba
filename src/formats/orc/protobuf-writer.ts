import { ByteBuffer } from "./growable.ts";

const WIRE_VARINT = 0;
const WIRE_FIXED64 = 1;
const WIRE_LENGTH_DELIMITED = 2;

const TWO_POW_32 = 4294967296;
const U64_MASK = (1n << 64n) - 1n;

/**
 * A minimal protobuf (proto2) writer for the ORC metadata messages: varints, zigzag varints,
 * doubles, length-delimited bytes/strings/messages and packed repeated varints. Fields are
 * written in the order the caller writes them, which keeps output byte-for-byte stable.
 */
export class ProtoWriter {
  private readonly buf = new ByteBuffer(64);

  /** An unsigned varint field (uint32, uint64, enum, bool). */
  uint(field: number, value: number | bigint): this {
    this.tag(field, WIRE_VARINT);
    this.varint(value);
    return this;
  }

  /** A signed zigzag varint field (sint32, sint64). */
  sint(field: number, value: number | bigint): this {
    this.tag(field, WIRE_VARINT);
    this.varint(zigzag(value));
    return this;
  }

  bool(field: number, value: boolean): this {
    return this.uint(field, value ? 1 : 0);
  }

  double(field: number, value: number): this {
    this.tag(field, WIRE_FIXED64);
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setFloat64(0, value, true);
    this.buf.pushBytes(bytes);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, WIRE_LENGTH_DELIMITED);
    this.varint(value.length);
    this.buf.pushBytes(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  /** A nested message field: `write` fills the sub-message. */
  message(field: number, write: (w: ProtoWriter) => void): this {
    const sub = new ProtoWriter();
    write(sub);
    return this.bytes(field, sub.finish());
  }

  /** A packed repeated varint field; nothing is written for an empty list. */
  packedUints(field: number, values: readonly number[]): this {
    if (values.length === 0) return this;
    const sub = new ProtoWriter();
    for (const v of values) sub.varint(v);
    return this.bytes(field, sub.finish());
  }

  finish(): Uint8Array {
    return this.buf.toBytes();
  }

  private tag(field: number, wire: number): void {
    this.varint(field * 8 + wire);
  }

  /** A base-128 varint of a non-negative integer; negative bigints are taken as two's complement uint64. */
  varint(value: number | bigint): void {
    if (typeof value === "bigint") {
      let v = value & U64_MASK;
      while (v >= 0x80n) {
        this.buf.push(Number(v & 0x7fn) | 0x80);
        v >>= 7n;
      }
      this.buf.push(Number(v));
      return;
    }
    if (!Number.isSafeInteger(value) || value < 0) {
      this.varint(BigInt(Math.trunc(value)));
      return;
    }
    let v = value;
    while (v >= 0x80) {
      this.buf.push((v < TWO_POW_32 ? v & 0x7f : v % 128) | 0x80);
      v = Math.floor(v / 128);
    }
    this.buf.push(v);
  }
}

/** Zigzag: 0, -1, 1, -2, 2 → 0, 1, 2, 3, 4 (numbers stay numbers while exact). */
export function zigzag(value: number | bigint): number | bigint {
  if (typeof value === "number" && Number.isSafeInteger(value) && Math.abs(value) <= 2 ** 51) {
    return value >= 0 ? value * 2 : -value * 2 - 1;
  }
  const v = BigInt(value);
  return v >= 0n ? v << 1n : (-v << 1n) - 1n;
}
