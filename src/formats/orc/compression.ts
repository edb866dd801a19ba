import { constants, deflateRawSync, zstdCompressSync } from "node:zlib";

/** The compression kinds rowforge writes, by the name users give in the `compression` option. */
export const COMPRESSION_NAMES = ["none", "zlib", "zstd"] as const;
export type CompressionName = (typeof COMPRESSION_NAMES)[number];

/** The codes of PostScript.compression. */
export const COMPRESSION_KIND: Readonly<Record<CompressionName, number>> = { none: 0, zlib: 1, zstd: 5 };

/** The largest uncompressed chunk: readers size their buffers from the PostScript's block size. */
export const COMPRESSION_BLOCK_SIZE = 256 * 1024;

/** Compresses one chunk; the result may be larger than the input (the caller then stores the original). */
export type Codec = (chunk: Uint8Array) => Uint8Array;

/** The codec of a compression kind, or null for none. Levels are fixed so that output is deterministic. */
export function codecFor(name: CompressionName): Codec | null {
  switch (name) {
    case "none":
      return null;
    case "zlib":
      // ORC's zlib is a raw deflate stream: no zlib header or checksum.
      return (chunk) => deflateRawSync(chunk, { level: 6 });
    case "zstd":
      return (chunk) => zstdCompressSync(chunk, { params: { [constants.ZSTD_c_compressionLevel]: 3 } });
  }
}
