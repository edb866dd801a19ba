import { createRequire } from "node:module";
import { type RecordBatch, Table, tableToIPC } from "apache-arrow";
import type * as ParquetWasm from "parquet-wasm/node";
import { RowforgeError } from "../../errors/index.ts";
import { concatReleasing, releaseBytes } from "../../util/release-bytes.ts";
import type { Format } from "../format.ts";
import { ParquetAssembler, segmentOfFile } from "./parquet-segments.ts";

type Wasm = typeof ParquetWasm;
let loaded: Wasm | undefined;

/** parquet-wasm, compiled at the first Parquet output (about 70 ms): other runs never load it. */
export const parquetWasm = (): Wasm => {
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

/** Rows per batch a row group's rows are encoded in (its pages end on batch boundaries). */
export const SEGMENT_BATCH_ROWS = 8192;

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

/** parquet-wasm's writer settings for the options. */
function writerProperties(options: Readonly<Record<string, string>>): ParquetWasm.WriterProperties {
  const settings = parquetSettings(options);
  const wasm = parquetWasm();
  return new wasm.WriterPropertiesBuilder()
    .setCompression(wasm.Compression[settings.compression])
    .setMaxRowGroupSize(settings.rows)
    .build();
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
  // Row groups are encoded by the workers, each as a file of its own, and put together by the
  // file's assembler. Pages end where batches do: a row group's rows come in batches of a fixed
  // size, so its bytes do not depend on the run's batch size.
  segments: {
    segmentRows: (options) => parquetSettings(options).rows,
    batchRows: SEGMENT_BATCH_ROWS,
    async encodeSegment(_schema, options, batches) {
      const wasm = parquetWasm();
      const next = batches[Symbol.iterator]();
      let rows = 0;
      // Each batch is made when the writer asks for it: the worker holds one batch at a time.
      const input = new ReadableStream<unknown>(
        {
          pull(c) {
            const n = next.next();
            if (n.done) {
              c.close();
              return;
            }
            rows += n.value.numRows;
            const ipc = tableToIPC(new Table([n.value]), "stream");
            const table = wasm.Table.fromIPCStream(ipc);
            releaseBytes(ipc);
            for (const rb of table.recordBatches()) c.enqueue(rb);
            table.free();
          },
        },
        { highWaterMark: 0 },
      );
      const reader = (await wasm.transformParquetStream(input, writerProperties(options))).getReader();
      const chunks: Uint8Array[] = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value as Uint8Array);
      }
      return segmentOfFile(chunks.length === 1 ? chunks[0]! : concatReleasing(chunks), rows);
    },
    createAssembler(schema, options) {
      return new ParquetAssembler(() => {
        const wasm = parquetWasm();
        const table = wasm.Table.fromIPCStream(tableToIPC(new Table(schema), "stream"));
        return [wasm.writeParquet(table, writerProperties(options))];
      });
    },
  },
  createEncoder(_schema, options) {
    const wasm = parquetWasm();
    const props = writerProperties(options);
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
