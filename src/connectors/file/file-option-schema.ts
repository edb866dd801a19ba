import { optionObject, requiredOption, textOption } from "../option-schema.ts";

/**
 * The options of a file step, its connection's merged in: where and how the files are written
 * (file-options.ts), then each format's own (its checkOptions reads them).
 */
export const FILE_OPTIONS = optionObject({
  path: requiredOption(
    'a folder of part files, or exactly the file a path with an extension names; "-" writes to standard output',
    { examples: ["/tmp/rowforge/accounts"], starter: true, target: true },
  ),
  saveMode: textOption("overwrite (default), append, errorIfExists or ignore", { examples: ["overwrite"] }),
  partitions: textOption("the number of part files, 1 to 10000 (default 1)", { examples: ["1"] }),
  partitionBy: textOption("fields whose values make Hive-style key=value folders, comma-separated"),
  allowForeignFiles: textOption(
    "true: write beside (or replace) files rowforge did not write; default false, which refuses them",
  ),
  ignoreNullFields: textOption("json: leave null fields out of the objects"),
  header: textOption("csv: a header line (default true)"),
  delimiter: textOption("csv: the field separator (default ,)"),
  quote: textOption('csv: the quote character (default ")'),
  escape: textOption(
    "csv: the character escaping a quote inside a quoted value (default: the quote, doubled)",
  ),
  nullValue: textOption("csv: the text written for null (default: empty)"),
  quoteAll: textOption("csv: true quotes every value"),
  lineSep: textOption("csv: the line separator (default \\n)"),
  compression: textOption(
    "parquet: none, snappy (default), gzip, zstd, lz4 or brotli; orc: none, zlib or zstd (default)",
  ),
  rowGroupSize: textOption("parquet: rows per row group (default 131072)"),
  stripeSize: textOption("orc: a stripe's size, in rows (100000rows, the default) or bytes (64MiB)"),
  rowIndexStride: textOption("orc: rows per row group of the row index (default 10000)"),
});
