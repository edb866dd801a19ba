import type { Format } from "../format.ts";
import { OrcEncoder } from "./orc-encoder.ts";
import { ORC_OPTION_KEYS, parseOrcOptions } from "./orc-options.ts";

/**
 * ORC (file format v1, version 0.12), written by rowforge itself. Options: `compression`
 * (none, zlib, zstd; default zstd), `stripeSize` (bytes of buffered column data, e.g. 64MiB
 * (default), or rows, e.g. 50000rows), `rowIndexStride` (rows per row group, default 10000).
 */
export const orcFormat: Format = {
  name: "orc",
  extension: "orc",
  contentType: "application/octet-stream",
  binary: true,
  optionKeys: ORC_OPTION_KEYS,
  checkOptions(options) {
    parseOrcOptions(options);
  },
  createEncoder(schema, options) {
    return new OrcEncoder(schema, parseOrcOptions(options));
  },
};
