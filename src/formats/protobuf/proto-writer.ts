import { ByteSink } from "../arrow-values/byte-sink.ts";
import {
  beginLen,
  double,
  endLen,
  FIXED64,
  key,
  LEN,
  lenBytes,
  sint64,
  sintBig,
  VARINT,
  varint64,
  varintBig,
} from "./proto-wire.ts";

const encoder = new TextEncoder();

/** A 64-bit field given as a number must be finite: NaN or Infinity is the caller's bug, not 0. */
function finite(field: number, value: number): number {
  if (!Number.isFinite(value))
    throw new RangeError(`protobuf field ${field}: ${value} is not a finite number`);
  return value;
}

/**
 * A Protobuf message written field by field, for messages written once (the ORC writer's
 * footers, stripe footers, row indexes, statistics and postscript): 64-bit values as numbers
 * or bigints. Fields are written in the order the caller writes them, which keeps output byte
 * for byte stable. The encoding itself is proto-wire.ts's; a nested message is written in
 * place, its length patched in when it ends.
 */
export class ProtoWriter {
  private readonly out = new ByteSink(64);

  /** An unsigned varint field (uint32, uint64, enum, bool); a negative value is taken as two's complement uint64. */
  uint(field: number, value: number | bigint): this {
    key(this.out, field, VARINT);
    if (typeof value === "bigint") varintBig(this.out, value);
    else varint64(this.out, finite(field, value));
    return this;
  }

  /** A signed zigzag varint field (sint32, sint64). */
  sint(field: number, value: number | bigint): this {
    key(this.out, field, VARINT);
    if (typeof value === "bigint") sintBig(this.out, value);
    else sint64(this.out, finite(field, value));
    return this;
  }

  bool(field: number, value: boolean): this {
    key(this.out, field, VARINT);
    this.out.byte(value ? 1 : 0);
    return this;
  }

  double(field: number, value: number): this {
    key(this.out, field, FIXED64);
    double(this.out, value);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    key(this.out, field, LEN);
    lenBytes(this.out, value, 0, value.length);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, encoder.encode(value));
  }

  /** A nested message field: `write` fills the sub-message (written into this writer's bytes). */
  message(field: number, write: (w: ProtoWriter) => void): this {
    key(this.out, field, LEN);
    const start = beginLen(this.out);
    write(this);
    endLen(this.out, start);
    return this;
  }

  /** A packed repeated varint field; nothing is written for an empty list. */
  packedUints(field: number, values: readonly number[]): this {
    if (values.length === 0) return this;
    key(this.out, field, LEN);
    const start = beginLen(this.out);
    for (const v of values) varint64(this.out, v);
    endLen(this.out, start);
    return this;
  }

  /** The message's bytes (a copy). */
  finish(): Uint8Array {
    return this.out.buf.slice(0, this.out.pos);
  }
}
