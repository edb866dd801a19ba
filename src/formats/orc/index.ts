export { COMPRESSION_NAMES, type CompressionName } from "./compression.ts";
export { OrcEncoder } from "./orc-encoder.ts";
export { orcFormat } from "./orc-format.ts";
export {
  DEFAULT_COMPRESSION,
  DEFAULT_ROW_INDEX_STRIDE,
  DEFAULT_STRIPE_BYTES,
  DEFAULT_STRIPE_ROWS,
  ORC_OPTION_KEYS,
  type OrcOptions,
  parseOrcOptions,
} from "./orc-options.ts";
