import { FIXED32, FIXED64, LEN, VARINT } from "../../protobuf/proto-wire.ts";
import { orcReadError } from "./orc-read-error.ts";

/** A protobuf field as read: its number, wire type and value (a varint, or the bytes of a length-delimited field). */
export interface ProtoField {
  readonly field: number;
  readonly varint: number;
  readonly bytes: Uint8Array | undefined;
}

/** Reads base-128 varints from `buf` as numbers (exact to 2^53: ORC's offsets and counts). */
class VarintCursor {
  readonly buf: Uint8Array;
  pos = 0;
  constructor(buf: Uint8Array) {
    this.buf = buf;
  }

  varint(): number {
    const buf = this.buf;
    let result = 0;
    let scale = 1;
    for (;;) {
      if (this.pos >= buf.length) throw orcReadError("protobuf message ends inside a varint");
      const b = buf[this.pos++]!;
      result += (b & 0x7f) * scale;
      if ((b & 0x80) === 0) return result;
      scale *= 128;
    }
  }
}

/**
 * Reads the fields of a protobuf message (the ORC tail and stripe footers): varints as numbers,
 * length-delimited fields as sub-arrays, fixed 32/64-bit fields skipped. The wire types are
 * proto-wire.ts's, the writer's. Throws on a truncated or malformed message.
 */
export function* protoFields(buf: Uint8Array): Generator<ProtoField> {
  const c = new VarintCursor(buf);
  while (c.pos < buf.length) {
    const key = c.varint();
    const field = Math.floor(key / 8);
    const wire = key % 8;
    if (wire === VARINT) yield { field, varint: c.varint(), bytes: undefined };
    else if (wire === LEN) {
      const len = c.varint();
      if (c.pos + len > buf.length) throw orcReadError("protobuf field runs past its message");
      yield { field, varint: 0, bytes: buf.subarray(c.pos, c.pos + len) };
      c.pos += len;
    } else if (wire === FIXED64) c.pos += 8;
    else if (wire === FIXED32) c.pos += 4;
    else throw orcReadError(`protobuf wire type ${wire} is not supported`);
  }
}

/** The varints of a repeated uint field, packed (one length-delimited field) or not. */
export function packedVarints(f: ProtoField): number[] {
  if (f.bytes === undefined) return [f.varint];
  const c = new VarintCursor(f.bytes);
  const out: number[] = [];
  while (c.pos < f.bytes.length) out.push(c.varint());
  return out;
}

export const protoText = (f: ProtoField): string => new TextDecoder().decode(f.bytes ?? new Uint8Array(0));
