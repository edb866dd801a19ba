import { orcReadError } from "./orc-read-error.ts";

/** A protobuf field as read: its number, wire type and value (a varint, or the bytes of a length-delimited field). */
export interface ProtoField {
  readonly field: number;
  readonly varint: number;
  readonly bytes: Uint8Array | undefined;
}

/**
 * Reads the fields of a protobuf message (the ORC tail and stripe footers): varints (as
 * numbers, exact to 2^53: ORC's offsets and counts), length-delimited fields as sub-arrays,
 * fixed 32/64-bit fields skipped. Throws on a truncated or malformed message.
 */
export function* protoFields(buf: Uint8Array): Generator<ProtoField> {
  let pos = 0;
  const varint = (): number => {
    let result = 0;
    let scale = 1;
    for (;;) {
      if (pos >= buf.length) throw orcReadError("protobuf message ends inside a varint");
      const b = buf[pos++]!;
      result += (b & 0x7f) * scale;
      if ((b & 0x80) === 0) return result;
      scale *= 128;
    }
  };
  while (pos < buf.length) {
    const key = varint();
    const field = Math.floor(key / 8);
    const wire = key % 8;
    if (wire === 0) yield { field, varint: varint(), bytes: undefined };
    else if (wire === 2) {
      const len = varint();
      if (pos + len > buf.length) throw orcReadError("protobuf field runs past its message");
      yield { field, varint: 0, bytes: buf.subarray(pos, pos + len) };
      pos += len;
    } else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else throw orcReadError(`protobuf wire type ${wire} is not supported`);
  }
}

/** The varints of a repeated uint field, packed (one length-delimited field) or not. */
export function packedVarints(f: ProtoField): number[] {
  if (f.bytes === undefined) return [f.varint];
  const out: number[] = [];
  let pos = 0;
  const b = f.bytes;
  while (pos < b.length) {
    let result = 0;
    let scale = 1;
    for (;;) {
      const x = b[pos++]!;
      result += (x & 0x7f) * scale;
      if ((x & 0x80) === 0) break;
      scale *= 128;
    }
    out.push(result);
  }
  return out;
}

export const protoText = (f: ProtoField): string => new TextDecoder().decode(f.bytes ?? new Uint8Array(0));
