import type { Format } from "../format.ts";
import { OrcEncoder } from "./orc-encoder.ts";
import { ORC_OPTION_KEYS, parseOrcOptions } from "./orc-options.ts";

/**
 * This thread's stripe encoders by options and schema: a worker encodes stripe after stripe of
 * a step with one encoder, whose column buffers are grown once (measured: a new encoder per
 * 100,000-row stripe cost about 15% more CPU in growing and filling its buffers again).
 */
const stripeEncoders = new Map<string, OrcEncoder>();
const MAX_STRIPE_ENCODERS = 4;

/**
 * ORC (file format v1, version 0.12), written by rowforge itself. Options: `compression`
 * (none, zlib, zstd; default zstd), `stripeSize` (rows, e.g. 50000rows, default 100000rows, or
 * bytes of buffered column data, e.g. 64MiB), `rowIndexStride` (rows per row group, default 10000).
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
  // Stripes of a fixed row count are encoded by the workers, each on its own; the file's
  // encoder appends them and writes the tail. Stripes cut by size stay with createEncoder.
  segments: {
    segmentRows: (options) => parseOrcOptions(options).stripeRows ?? undefined,
    encodeSegment(schema, options, batches) {
      const key = `${JSON.stringify(options)}|${schema.fields.map((f) => `${f.name}: ${f.type}`).join(", ")}`;
      let encoder = stripeEncoders.get(key);
      if (!encoder) {
        if (stripeEncoders.size >= MAX_STRIPE_ENCODERS) stripeEncoders.clear();
        const o = parseOrcOptions(options);
        encoder = new OrcEncoder(schema, { ...o, stripeRows: null, stripeBytes: null });
        stripeEncoders.set(key, encoder);
      }
      try {
        return encoder.encodeStripe(batches);
      } catch (e) {
        stripeEncoders.delete(key);
        throw e;
      }
    },
    createAssembler(schema, options) {
      const encoder = new OrcEncoder(schema, parseOrcOptions(options));
      return { append: (segment) => encoder.appendStripe(segment), end: () => encoder.end() };
    },
  },
};
