import type { RecordBatch } from "apache-arrow";
import { batchShape, columnFromValues, type SqlValue, toRecordBatch } from "../../engine/index.ts";
import { type DataType, DataTypes } from "../../model/data-type.ts";
import type { ReadBack, ReadBackRequest } from "../connector.ts";
import { type ReferenceKind, referenceValue } from "./reference-table.ts";
import type { SqlReferenceSource } from "./sql-reference.ts";

/** A table read back in pages of rows as text (null for NULL), in the order of the select list. */
export interface SqlRowsSource extends Omit<SqlReferenceSource, "rows"> {
  /** The rows of `select` (a SELECT of text expressions of `columns`), `batchRows` at a time, in a stable order. */
  pages(
    select: readonly string[],
    batchRows: number,
    columns: readonly string[],
  ): AsyncIterable<(string | null)[][]>;
  close(): Promise<void>;
}

const TYPE_OF: Readonly<Record<ReferenceKind, DataType>> = {
  long: DataTypes.long,
  double: DataTypes.double,
  boolean: DataTypes.boolean,
  string: DataTypes.string,
  date: DataTypes.date,
  timestamp: DataTypes.timestamp,
};

/** A reference kind's text as an expression sees the value (sql-contract.ts: longs bigint, timestamps number). */
function sqlValueOf(kind: ReferenceKind, text: string | null): SqlValue {
  if (text === null) return null;
  const v = referenceValue(kind, text);
  return kind === "timestamp" ? Number(v) : v;
}

/**
 * Reads every row of a database table back as Arrow batches, for validations: integer columns
 * as longs, floating and numeric ones as doubles, dates, timestamps (UTC), booleans, and
 * everything else as text. The table must exist (tableNotFound names it otherwise).
 */
export async function readSqlRows(request: ReadBackRequest, src: SqlRowsSource): Promise<ReadBack> {
  const types = await src.columnTypes();
  if (types === undefined) throw await src.tableNotFound();
  const names = [...types.keys()];
  const kinds = names.map((n) => {
    const t = types.get(n)!.toLowerCase();
    return /^(numeric|decimal)/.test(t) ? "double" : src.kindOf(t);
  });
  const shape = batchShape(names.map((name, k) => ({ name, type: TYPE_OF[kinds[k]!], nullable: true })));
  const select = names.map((n, k) => src.asText(src.quote(n), kinds[k]!));
  async function* batches(): AsyncGenerator<RecordBatch> {
    try {
      for await (const rows of src.pages(select, request.batchRows, names)) {
        request.signal?.throwIfAborted();
        if (rows.length === 0) continue;
        const columns = names.map((_, k) =>
          columnFromValues(
            TYPE_OF[kinds[k]!],
            rows.map((r) => sqlValueOf(kinds[k]!, r[k] ?? null)),
          ),
        );
        yield toRecordBatch(shape, columns);
      }
    } finally {
      await src.close();
    }
  }
  return { schema: shape.schema, source: src.source, batches: batches(), close: () => src.close() };
}
