import type { RecordBatch } from "apache-arrow";
import { isRowforgeError, RowforgeError } from "../errors/index.ts";
import type { ByteSink } from "../formats/arrow-values/byte-sink.ts";
import type { ColumnEncoder, ColumnField } from "../formats/format.ts";
import { MESSAGE_FRAMES_FORMAT, writeMessageFrames } from "./messaging/message-frames.ts";
import { loadDataColumnEncoder } from "./mysql/load-data-columns.ts";
import { writeLoadDataTsv } from "./mysql/load-data-tsv.ts";
import { writeCopyBinary } from "./postgres/copy-binary.ts";
import { copyBinaryColumnEncoder } from "./postgres/copy-binary-columns.ts";
import { writeCopyCsv } from "./postgres/copy-csv.ts";

/**
 * Writes a batch's rows as the bytes a database sink sends as they are. `firstRow` is the
 * step's row of the batch's first (refused values name their row); `options.where` prefixes
 * such errors (`step "s": table t`).
 */
export type RowEncoder = (
  out: ByteSink,
  batch: RecordBatch,
  firstRow: number,
  options: Readonly<Record<string, string>>,
) => void;

const named =
  (write: (out: ByteSink, batch: RecordBatch, firstRow: number) => void): RowEncoder =>
  (out, batch, firstRow, options) => {
    try {
      write(out, batch, firstRow);
    } catch (e) {
      if (!isRowforgeError(e) || options.where === undefined) throw e;
      throw new RowforgeError(e.code, `${options.where}: ${e.message}`, { hint: e.hint });
    }
  };

/**
 * The encoders database sinks ask workers to run (`accepts: {encoded: {format: <name>}}`), so
 * the rows are encoded where they are generated, in parallel, and the sink only sends bytes.
 * Kept apart from the connectors (no drivers): workers load this file.
 */
const ROW_ENCODERS: ReadonlyMap<string, RowEncoder> = new Map([
  ["postgres-copy-csv", named((out, batch) => writeCopyCsv(out, batch))],
  [
    "postgres-copy-binary",
    (out, batch, _firstRow, options) => writeCopyBinary(out, batch, (options.types ?? "").split(",")),
  ],
  ["mysql-load-data", named(writeLoadDataTsv)],
  [MESSAGE_FRAMES_FORMAT, (out, batch, _firstRow, options) => writeMessageFrames(out, batch, options)],
]);

export const findRowEncoder = (name: string): RowEncoder | undefined => ROW_ENCODERS.get(name);

/**
 * Encoders of those same bytes straight from the engine's columns (no Arrow batch built and
 * read back), for the formats that have one; undefined, as the one they make may be, when the
 * step's fields are not all covered: its batches then go through the row encoder.
 */
const COLUMN_ENCODERS: ReadonlyMap<
  string,
  (fields: readonly ColumnField[], options: Readonly<Record<string, string>>) => ColumnEncoder | undefined
> = new Map([
  ["postgres-copy-binary", copyBinaryColumnEncoder],
  ["mysql-load-data", loadDataColumnEncoder],
]);

export const findRowColumnEncoder = (
  name: string,
  fields: readonly ColumnField[],
  options: Readonly<Record<string, string>>,
): ColumnEncoder | undefined => COLUMN_ENCODERS.get(name)?.(fields, options);
