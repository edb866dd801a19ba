import { inflateRawSync, zstdDecompressSync } from "node:zlib";
import { orcReadError } from "./orc-read-error.ts";
import { snappyDecompress } from "./snappy.ts";

/** PostScript.compression codes rowforge reads: none, zlib, snappy, zstd (lzo and lz4 are not read). */
export const COMPRESSION_BY_CODE: Readonly<Record<number, string>> = {
  0: "none",
  1: "zlib",
  2: "snappy",
  3: "lzo",
  4: "lz4",
  5: "zstd",
};

/** Decompresses one chunk of a compression kind. */
function inflate(kind: number, chunk: Uint8Array): Uint8Array {
  switch (kind) {
    case 1:
      return inflateRawSync(chunk);
    case 2:
      return snappyDecompress(chunk);
    case 5:
      return zstdDecompressSync(chunk);
    default:
      throw orcReadError(`ORC compression ${COMPRESSION_BY_CODE[kind] ?? kind} is not read by rowforge`);
  }
}

/**
 * The bytes of an ORC stream (or the footer) as written: with compression, a sequence of
 * chunks, each behind a 3-byte header (length << 1 | isOriginal), stored or compressed.
 */
export function decompressStream(kind: number, bytes: Uint8Array): Uint8Array {
  if (kind === 0) return bytes;
  const parts: Uint8Array[] = [];
  let total = 0;
  let pos = 0;
  while (pos < bytes.length) {
    if (pos + 3 > bytes.length) throw orcReadError("ORC stream ends inside a compression chunk header");
    const header = bytes[pos]! | (bytes[pos + 1]! << 8) | (bytes[pos + 2]! << 16);
    pos += 3;
    const len = header >>> 1;
    if (pos + len > bytes.length) throw orcReadError("ORC compression chunk runs past its stream");
    const chunk = bytes.subarray(pos, pos + len);
    pos += len;
    const part = (header & 1) === 1 ? chunk : inflate(kind, chunk);
    parts.push(part);
    total += part.length;
  }
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
