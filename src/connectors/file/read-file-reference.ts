import { resolve } from "node:path";
import type { Table } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { ReferenceRequest } from "../connector.ts";
import { referenceEmpty, referenceFieldsOf, referenceTooLarge } from "../reference/reference-errors.ts";
import { referenceFromRows } from "../reference/reference-from-rows.ts";
import { REFERENCE_KINDS, type ReferenceKind, referenceTable } from "../reference/reference-table.ts";
import type { FileOptions } from "./file-options.ts";
import { duckReaderOf, partFiles, quoteIdent as quote, READ_EXTENSIONS } from "./file-sources.ts";
import { readOrcRows } from "./read-orc-rows.ts";

/**
 * Reads the key fields of existing files (a single file, or every part file under a folder,
 * Hive-style `key=value` partition folders included) through DuckDB: the distinct tuples
 * without a null, sorted, at most `maxRows`; ORC files through rowforge's own reader. `o`: the
 * step's file options as the connector prepared them.
 */
export async function readFileReference(
  o: FileOptions,
  step: ResolvedStep,
  request: ReferenceRequest,
): Promise<Table> {
  const name = step.step.name;
  const format = step.format.trim().toLowerCase();
  // ORC has no DuckDB reader: rowforge's own reads its rows, and the keys are gathered from them.
  if (format === "orc")
    return referenceFromRows(
      step,
      await readOrcRows(step, { batchRows: 65_536, access: request.access }),
      request,
    );
  const extensions = READ_EXTENSIONS[format];
  if (!extensions) {
    throw new RowforgeError(
      "RF_FORMAT_UNKNOWN",
      `reference step "${name}" (enableReferenceMode) is ${format} data, which rowforge cannot read yet`,
      {
        hint: "reference data can be read from csv, json, parquet and orc files and from postgres and mysql tables",
      },
    );
  }
  // Reference data is a file the plan names: held to the access rules.
  const path = resolve(await request.access.readable(o.path, `reference step "${name}": path`));
  const source = `${format} ${path}`;
  const files = await partFiles(
    path,
    extensions,
    `reference step "${name}" (enableReferenceMode)`,
    "write the reference data first, or fix the step's path",
  );
  if (files.length === 0)
    throw referenceEmpty(step, `${source} (no ${extensions.join("/")} files)`, request.fields);
  // DuckDB loads only when files are read.
  const [{ DuckDBInstance }, { dataTypeOfDuck }] = await Promise.all([
    import("@duckdb/node-api"),
    import("./duck-values.ts"),
  ]);
  const db = await DuckDBInstance.create(":memory:", { threads: "1" });
  const conn = await db.connect();
  try {
    const from = duckReaderOf(format, files, step.step.options);
    const described = await conn.runAndReadAll(`SELECT * FROM ${from} LIMIT 0`);
    const names = described.columnNames();
    const types = described.columnTypes();
    const columns = referenceFieldsOf(step, source, request.fields, names);
    const kinds = columns.map((c) => REFERENCE_KINDS[dataTypeOfDuck(types[names.indexOf(c)]!).kind]);
    const q = columns.map(quote);
    const sql = `SELECT ${q.map((c, k) => `${select(`r.${c}`, kinds[k]!)} AS ${quote(`k${k}`)}`).join(", ")}
      FROM (SELECT DISTINCT ${q.join(", ")} FROM ${from} WHERE ${q.map((c) => `${c} IS NOT NULL`).join(" AND ")}) AS r
      ORDER BY ${q.map((c) => `r.${c}`).join(", ")} LIMIT ${request.maxRows + 1}`;
    const read = (await conn.runAndReadAll(sql)).getColumnsJS();
    const rows = read[0]?.length ?? 0;
    if (rows === 0) throw referenceEmpty(step, source, request.fields);
    if (rows > request.maxRows) throw referenceTooLarge(step, source, request.fields, request.maxRows);
    return referenceTable(
      request.fields.map((field, k) => ({
        name: field,
        kind: kinds[k]!,
        values: read[k]!.map((v) => (kinds[k] === "date" ? Number(v) : v)) as (
          | bigint
          | number
          | boolean
          | string
        )[],
      })),
    );
  } catch (e) {
    if (e instanceof RowforgeError) throw e;
    throw new RowforgeError(
      "RF_FILE_READ",
      `reference step "${name}": cannot read ${source}: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`,
      { hint: `check that the files are ${format} data with the options of the step (header, delimiter)` },
    );
  } finally {
    conn.closeSync();
    db.closeSync();
  }
}

function select(column: string, kind: ReferenceKind): string {
  switch (kind) {
    case "long":
      return `CAST(${column} AS BIGINT)`;
    case "double":
      return `CAST(${column} AS DOUBLE)`;
    case "boolean":
      return column;
    case "date":
      return `CAST(datediff('day', DATE '1970-01-01', ${column}) AS BIGINT)`;
    case "timestamp":
      return `epoch_us(${column})`;
    case "string":
      return `CAST(${column} AS VARCHAR)`;
  }
}
