import { openAsBlob } from "node:fs";
import { type RecordBatch, type Schema, tableFromIPC } from "apache-arrow";
import { parquetWasm as wasm } from "../../formats/parquet/parquet-format.ts";
import type { ReadBackRequest } from "../connector.ts";

/** A Parquet file's Arrow schema, from its footer (no row is read). */
export async function parquetSchema(file: string): Promise<Schema> {
  const pf = await wasm().ParquetFile.fromFile(await openAsBlob(file));
  try {
    return tableFromIPC(pf.schema().intoIPCStream()).schema;
  } finally {
    pf.free();
  }
}

/**
 * The rows of Parquet files as Arrow batches, decoded by parquet-wasm one row group at a time
 * (memory bounded by a row group, not the file): Arrow columns as the file stores them, with no
 * value converted on the way.
 */
export async function* parquetBatches(
  files: readonly string[],
  request: ReadBackRequest,
): AsyncGenerator<RecordBatch> {
  for (const file of files) {
    const pf = await wasm().ParquetFile.fromFile(await openAsBlob(file));
    try {
      const groups = pf.metadata().numRowGroups();
      for (let g = 0; g < groups; g++) {
        request.signal?.throwIfAborted();
        const table = await pf.read({ rowGroups: [g], batchSize: request.batchRows });
        yield* tableFromIPC(table.intoIPCStream()).batches;
      }
    } finally {
      pf.free();
    }
  }
}
