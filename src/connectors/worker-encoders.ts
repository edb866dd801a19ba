import type { RecordBatch } from "apache-arrow";
import { isRowforgeError, RowforgeError } from "../errors/index.ts";
import type { ByteSink } from "../formats/arrow-values/byte-sink.ts";
import type { ColumnEncoder, ColumnField } from "../formats/format.ts";
import { MESSAGE_FRAMES_FORMAT } from "./messaging/message-frames-format.ts";

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
 * Kept apart from the connectors (no drivers): workers load this file. Each encoder's module
 * loads on a thread's first task that names it: a run of files loads none of them.
 */
const ROW_ENCODERS: ReadonlyMap<string, () => Promise<LoadedEncoder>> = new Map([
  [
    "postgres-copy-csv",
    async () => {
      const { writeCopyCsv } = await import("./postgres/copy-csv.ts");
      return { rows: named((out, batch) => writeCopyCsv(out, batch)) };
    },
  ],
  [
    "postgres-copy-binary",
    async (): Promise<LoadedEncoder> => {
      const [{ writeCopyBinary }, { copyBinaryColumnEncoder }] = await Promise.all([
        import("./postgres/copy-binary.ts"),
        import("./postgres/copy-binary-columns.ts"),
      ]);
      return {
        rows: (out, batch, _firstRow, options) =>
          writeCopyBinary(out, batch, (options.types ?? "").split(",")),
        columns: copyBinaryColumnEncoder,
      };
    },
  ],
  [
    "mysql-load-data",
    async (): Promise<LoadedEncoder> => {
      const [{ writeLoadDataTsv }, { loadDataColumnEncoder }] = await Promise.all([
        import("./mysql/load-data-tsv.ts"),
        import("./mysql/load-data-columns.ts"),
      ]);
      return { rows: named(writeLoadDataTsv), columns: loadDataColumnEncoder };
    },
  ],
  [
    MESSAGE_FRAMES_FORMAT,
    async (): Promise<LoadedEncoder> => {
      const { writeMessageFrames } = await import("./messaging/message-frames.ts");
      return { rows: (out, batch, _firstRow, options) => writeMessageFrames(out, batch, options) };
    },
  ],
]);

/** A database sink's encoder, loaded: its rows from an Arrow batch, and straight from the engine's columns where it can. */
interface LoadedEncoder {
  readonly rows: RowEncoder;
  /**
   * An encoder of those same bytes from the engine's columns (no Arrow batch built and read
   * back); undefined, as the one it makes may be, when the step's fields are not all covered:
   * its batches then go through `rows`.
   */
  readonly columns?: (
    fields: readonly ColumnField[],
    options: Readonly<Record<string, string>>,
  ) => ColumnEncoder | undefined;
}

const loaded = new Map<string, LoadedEncoder>();

/** Whether a task's format names a database sink's row encoder (not a file format). */
export const isRowEncoder = (name: string): boolean => ROW_ENCODERS.has(name);

/** The row encoder named, if its module has loaded on this thread (see loadRowEncoder). */
export const loadedRowEncoder = (name: string): RowEncoder | undefined => loaded.get(name)?.rows;

/** The loaded row encoder's column encoder for a step's fields, if it has one that covers them. */
export const loadedRowColumnEncoder = (
  name: string,
  fields: readonly ColumnField[],
  options: Readonly<Record<string, string>>,
): ColumnEncoder | undefined => loaded.get(name)?.columns?.(fields, options);

/** The row encoder named, its module loaded on first use; undefined for a name that is not one. */
export async function loadRowEncoder(name: string): Promise<RowEncoder | undefined> {
  const load = ROW_ENCODERS.get(name);
  if (!load) return undefined;
  let encoder = loaded.get(name);
  if (!encoder) {
    encoder = await load();
    loaded.set(name, encoder);
  }
  return encoder.rows;
}
