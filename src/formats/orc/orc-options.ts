import { didYouMean, RowforgeError } from "../../errors/index.ts";
import { COMPRESSION_NAMES, type CompressionName } from "./compression.ts";

/** The options the ORC encoder reads. */
export const ORC_OPTION_KEYS = ["compression", "stripeSize", "rowIndexStride"] as const;

export const DEFAULT_COMPRESSION: CompressionName = "zstd";
/** The unit of a stripe size in bytes when none is given. */
export const DEFAULT_STRIPE_BYTES = 64 * 1024 * 1024;
/**
 * Rows per stripe when no stripeSize is given: stripes at fixed row counts are encoded by the
 * workers and their bytes do not depend on the batch size.
 */
export const DEFAULT_STRIPE_ROWS = 100_000;
export const DEFAULT_ROW_INDEX_STRIDE = 10_000;

export interface OrcOptions {
  readonly compression: CompressionName;
  /** A stripe ends once its buffered column data reaches this many bytes… */
  readonly stripeBytes: number | null;
  /** …or, when the size is given in rows, once it holds this many rows. */
  readonly stripeRows: number | null;
  /** Rows per row group (one row index entry each). */
  readonly rowIndexStride: number;
}

const UNITS: Readonly<Record<string, number>> = {
  "": 1,
  b: 1,
  kb: 1000,
  kib: 1024,
  mb: 1000 ** 2,
  mib: 1024 ** 2,
  gb: 1000 ** 3,
  gib: 1024 ** 3,
};

/**
 * Reads the ORC options:
 * - `compression`: none, zlib or zstd (default zstd);
 * - `stripeSize`: rows per stripe written `50000rows` (default 100000rows), or bytes of buffered
 *   column data per stripe, as a number or with a unit (`64MiB`, `512KB`);
 * - `rowIndexStride`: rows per row group, default 10000.
 */
export function parseOrcOptions(options: Readonly<Record<string, string>>): OrcOptions {
  const compression = parseCompression(options.compression);
  let stripeBytes: number | null = null;
  let stripeRows: number | null = DEFAULT_STRIPE_ROWS;
  if (options.stripeSize !== undefined) {
    const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(options.stripeSize);
    const unit = m?.[2]?.toLowerCase() ?? "";
    const value = Number(m?.[1]);
    if (m && (unit === "rows" || unit === "row") && Number.isInteger(value) && value >= 1) {
      stripeRows = value;
    } else if (m && UNITS[unit] !== undefined && value * UNITS[unit] >= 1) {
      stripeBytes = Math.floor(value * UNITS[unit]);
      stripeRows = null;
    } else {
      throw new RowforgeError(
        "RF_FORMAT_OPTION_INVALID",
        `ORC option stripeSize "${options.stripeSize}" is not a size`,
        {
          hint: "give bytes (67108864, 64MiB, 512KB) or rows (50000rows)",
        },
      );
    }
  }
  let rowIndexStride = DEFAULT_ROW_INDEX_STRIDE;
  if (options.rowIndexStride !== undefined) {
    rowIndexStride = Number(options.rowIndexStride.trim());
    if (!Number.isInteger(rowIndexStride) || rowIndexStride < 1) {
      throw new RowforgeError(
        "RF_FORMAT_OPTION_INVALID",
        `ORC option rowIndexStride "${options.rowIndexStride}" is not a whole number of rows`,
        { hint: "give the rows per row group as a whole number of 1 or more (default 10000)" },
      );
    }
  }
  return { compression, stripeBytes, stripeRows, rowIndexStride };
}

function parseCompression(value: string | undefined): CompressionName {
  if (value === undefined) return DEFAULT_COMPRESSION;
  const name = value.trim().toLowerCase();
  const known = COMPRESSION_NAMES.find((n) => n === name);
  if (known) return known;
  const near = didYouMean(name, COMPRESSION_NAMES);
  throw new RowforgeError(
    "RF_FORMAT_OPTION_INVALID",
    `ORC option compression "${value}" is not supported: use one of ${COMPRESSION_NAMES.join(", ")}${near ? ` (${near})` : ""}`,
    { hint: `ORC compression is one of ${COMPRESSION_NAMES.join(", ")} (default ${DEFAULT_COMPRESSION})` },
  );
}
