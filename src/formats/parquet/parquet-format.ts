import { createRequire } from "node:module";
import { type RecordBatch, Table, tableToIPC } from "apache-arrow";
import type * as ParquetWasm from "parquet-wasm/node";
import { RowforgeError } from "../../errors/index.ts";
import type { Format } from "../format.ts";

type Wasm = typeof ParquetWasm;
let loaded: Wasm | undefined;

/** parquet-wasm, compiled at the first Parquet output (about 70 ms): other runs never load it. */
const parquetWasm = (): Wasm => {
  loaded ??= createRequire(import.meta.url)("parquet-wasm/node") as Wasm;
  return loaded;
};

const COMPRESSIONS: Readonly<Record<string, keyof typeof ParquetWasm.Compression>> = {
  none: "UNCOMPRESSED",
  uncompressed: "UNCOMPRESSED",
  snappy: "SNAPPY",
  gzip: "GZIP",
  zstd: "ZSTD",
  lz4: "LZ4_RAW",
  brotli: "BROTLI",
};

/** Rows per row group: bounds the memory parquet-wasm holds (its memory grows but never shrinks). */
export const DEFAULT_ROW_GROUP_ROWS = 131_072;

function parquetSettings(options: Readonly<Record<string, string>>): {
  compression: keyof typeof ParquetWasm.Compression;
  rows: number;
} {
  const name = (options.compression ?? "snappy").trim().toLowerCase();
  const compression = COMPRESSIONS[name];
  if (compression === undefined) {
    throw new RowforgeError(
      "RF_FORMAT_OPTION_INVALID",
      `Parquet compression "${options.compression}" is not supported`,
      {
        hint: `use one of ${Object.keys(COMPRESSIONS).join(", ")}`,
      },
    );
  }
  const rows = options.rowGroupSize === undefined ? DEFAULT_ROW_GROUP_ROWS : Number(options.rowGroupSize);
  if (!Number.isInteger(rows) || rows < 1) {
    throw new RowforgeError(
      "RF_FORMAT_OPTION_INVALID",
      `Parquet rowGroupSize must be a whole number of rows, not "${options.rowGroupSize}"`,
    );
  }
  return { compression, rows };
}

/**
 * Parquet through parquet-wasm's streaming writer: batches go in as they come, row groups
 * come out as they fill. Options: `compression` (none, snappy (default), gzip, zstd, lz4,
 * brotli), `rowGroupSize` (rows per row group).
 */
export const parquetFormat: Format = {
  name: "parquet",
  extension: "parquet",
  contentType: "application/octet-stream",
  binary: true,
  optionKeys: ["compression", "rowGroupSize"],
  checkOptions: (options) => {
    parquetSettings(options);
  },
  createEncoder(_schema, options) {
    const { compression, rows } = parquetSettings(options);
    const wasm = parquetWasm();
    const props = new wasm.WriterPropertiesBuilder()
      .setCompression(wasm.Compression[compression])
      .setMaxRowGroupSize(rows)
      .build();
    let controller!: ReadableStreamDefaultController<unknown>;
    const input = new ReadableStream({
      start(c) {
        controller = c;
      },
    });
    const chunks: Uint8Array[] = [];
    let failure: unknown;
    const pump = (async () => {
      try {
        const reader = (await wasm.transformParquetStream(input, props)).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value as Uint8Array);
        }
      } catch (e) {
        failure = e;
      }
    })();
    const take = () => {
      if (failure)
        throw new RowforgeError("RF_INTERNAL", `the Parquet writer failed: ${String(failure)}`, {
          cause: failure,
        });
      return chunks.splice(0);
    };
    return {
      async encode(batch: RecordBatch, ipc?: Uint8Array) {
        if (batch.numRows > 0) {
          // A worker's IPC bytes go in as they came, instead of the batch serialised again.
          const table = wasm.Table.fromIPCStream(ipc ?? tableToIPC(new Table([batch]), "stream"));
          for (const rb of table.recordBatches()) controller.enqueue(rb);
        }
        await new Promise((r) => setImmediate(r));
        return take();
      },
      async end() {
        controller.close();
        await pump;
        return take();
      },
    };
  },
};
