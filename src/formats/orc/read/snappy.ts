import { orcReadError } from "./orc-read-error.ts";

/**
 * Decompresses one raw Snappy block (the format ORC's snappy compression uses for each chunk):
 * a varint of the uncompressed length, then literals and back-references.
 */
export function snappyDecompress(input: Uint8Array): Uint8Array {
  let pos = 0;
  let length = 0;
  let scale = 1;
  for (;;) {
    if (pos >= input.length) throw orcReadError("snappy block ends inside its length");
    const b = input[pos++]!;
    length += (b & 0x7f) * scale;
    if ((b & 0x80) === 0) break;
    scale *= 128;
  }
  const out = new Uint8Array(length);
  let o = 0;
  while (pos < input.length) {
    const tag = input[pos++]!;
    const type = tag & 3;
    if (type === 0) {
      let len = tag >>> 2;
      if (len >= 60) {
        const bytes = len - 59;
        len = 0;
        for (let k = 0; k < bytes; k++) len += input[pos++]! * 2 ** (8 * k);
      }
      len += 1;
      if (pos + len > input.length || o + len > length)
        throw orcReadError("snappy literal runs past the block");
      out.set(input.subarray(pos, pos + len), o);
      pos += len;
      o += len;
      continue;
    }
    let len: number;
    let offset: number;
    if (type === 1) {
      len = ((tag >>> 2) & 7) + 4;
      offset = ((tag >>> 5) << 8) | input[pos++]!;
    } else if (type === 2) {
      len = (tag >>> 2) + 1;
      offset = input[pos]! | (input[pos + 1]! << 8);
      pos += 2;
    } else {
      len = (tag >>> 2) + 1;
      offset = (input[pos]! | (input[pos + 1]! << 8) | (input[pos + 2]! << 16)) + input[pos + 3]! * 2 ** 24;
      pos += 4;
    }
    if (offset === 0 || offset > o || o + len > length)
      throw orcReadError("snappy copy points outside the block");
    // Byte by byte: a copy may overlap what it writes (a run).
    for (let k = 0; k < len; k++, o++) out[o] = out[o - offset]!;
  }
  if (o !== length) throw orcReadError(`snappy block holds ${o} bytes, its header says ${length}`);
  return out;
}
