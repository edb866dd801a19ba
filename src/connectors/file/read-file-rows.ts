import { join } from "node:path";
import type { DuckDBDataChunk } from "@duckdb/node-api";
import type { RecordBatch, Schema } from "apache-arrow";
import { batchShape, toRecordBatch } from "../../engine/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { ReadBack, ReadBackRequest } from "../connector.ts";
import { duckReaderOf, readBackFiles } from "./file-sources.ts";
import { readOrcRows } from "./read-orc-rows.ts";
import { parquetBatches, parquetColumnBatches, parquetCounts, parquetSchema } from "./read-parquet-rows.ts";

/**
 * Opens existing files (one file, or every part under a folder, Hive-style partition folders
 * included) to read all their rows back as Arrow batches, through DuckDB: JSON, CSV and
 * Parquet (ORC through rowforge's own reader: read-orc-rows.ts). Types are DuckDB's (JSON and CSV types are inferred from the data).
 */
export async function readFileRows(step: ResolvedStep, request: ReadBackRequest): Promise<ReadBack> {
  const name = step.step.name;
  const format = step.format.trim().toLowerCase();
  if (format === "orc") return readOrcRows(step, request);
  const { path, source, files } = await readBackFiles(step, format, request.access);
  // Parquet files of one schema and no partition folders: decoded straight to Arrow (no value converted).
  if (format === "parquet" && !files.some((f) => /[\\/][^\\/=]+=[^\\/]*[\\/]/.test(f.slice(path.length)))) {
    const schemas = await Promise.all(files.map(parquetSchema)).catch(() => undefined);
    const first = schemas?.[0];
    if (first && schemas.every((s) => sameFields(s, first))) {
      const { rows } = await parquetCounts(files);
      return {
        schema: first,
        source,
        rows,
        batches: parquetBatches(files, request),
        batchesOf: (needs) => parquetColumnBatches(files, request, first, needs),
        close: async () => {},
      };
    }
  }
  // DuckDB and its value conversions load when a file is read back, not at every start.
  const [{ DuckDBInstance }, { chunkColumns, dataTypeOfDuck }] = await Promise.all([
    import("@duckdb/node-api"),
    import("./duck-values.ts"),
  ]);
  // What DuckDB spills while it reads goes to the run's scratch folder (else `.tmp` under the current folder).
  const db = await DuckDBInstance.create(":memory:", {
    threads: "1",
    ...(request.scratchDir ? { temp_directory: join(request.scratchDir, "duckdb") } : {}),
  });
  const conn = await db.connect();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    conn.closeSync();
    db.closeSync();
  };
  const cannotRead = (e: unknown) =>
    e instanceof RowforgeError
      ? e
      : new RowforgeError(
          "RF_FILE_READ",
          `"${name}": cannot read ${source}: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`,
          { hint: `check that the files are ${format} data with the options given (header, delimiter)` },
        );
  try {
    const result = await conn.stream(`SELECT * FROM ${duckReaderOf(format, files, step.step.options)}`);
    const names = result.columnNames();
    const types = result.columnTypes().map(dataTypeOfDuck);
    const shape = batchShape(names.map((n, k) => ({ name: n, type: types[k]!, nullable: true })));
    async function* batches(): AsyncGenerator<RecordBatch> {
      try {
        let pending: DuckDBDataChunk[] = [];
        let rows = 0;
        const flush = () => {
          const parts = pending.map((c) => toRecordBatch(shape, chunkColumns(c, types)));
          pending = [];
          rows = 0;
          return parts;
        };
        for (;;) {
          request.signal?.throwIfAborted();
          const chunk = await result.fetchChunk();
          if (!chunk || chunk.rowCount === 0) break;
          pending.push(chunk);
          rows += chunk.rowCount;
          if (rows >= request.batchRows) yield* flush();
        }
        if (rows > 0) yield* flush();
      } catch (e) {
        throw cannotRead(e);
      } finally {
        await close();
      }
    }
    return { schema: shape.schema, source, batches: batches(), close };
  } catch (e) {
    await close();
    throw cannotRead(e);
  }
}

/** Whether two schemas have the same field names and types, in order. */
function sameFields(a: Schema, b: Schema): boolean {
  return (
    a.fields.length === b.fields.length &&
    a.fields.every((f, k) => f.name === b.fields[k]!.name && String(f.type) === String(b.fields[k]!.type))
  );
}
