import type { Table } from "apache-arrow";
import type { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { ReferenceRequest } from "../connector.ts";
import { referenceEmpty, referenceFieldsOf, referenceTooLarge } from "./reference-errors.ts";
import { type ReferenceKind, referenceTable, referenceValue } from "./reference-table.ts";

/** A database table reference data is read from, as one connector reaches it (an open connection). */
export interface SqlReferenceSource {
  /** The table as messages show it (`postgres://host:port/db/schema.table`). */
  readonly source: string;
  /** The table as SQL names it, quoted. */
  readonly table: string;
  quote(name: string): string;
  /** Column name to the database's type name (information_schema data_type), or undefined when there is no table. */
  columnTypes(): Promise<Map<string, string> | undefined>;
  tableNotFound(): Promise<RowforgeError>;
  /** The dialect's kind of a column type, and an expression giving a value of that kind as text. */
  kindOf(dataType: string): ReferenceKind;
  asText(column: string, kind: ReferenceKind): string;
  /** Rows of text values (no nulls: the query leaves them out), in the order of the select list. */
  rows(sql: string): Promise<string[][]>;
}

/**
 * Reads the key fields of a table: `SELECT DISTINCT` of the columns with no null, ordered by the
 * columns (so the keys, and the children's picks, do not depend on the table's physical order),
 * at most maxRows + 1 rows to tell when there are too many.
 */
export async function readSqlReference(
  step: ResolvedStep,
  request: ReferenceRequest,
  src: SqlReferenceSource,
): Promise<Table> {
  const types = await src.columnTypes();
  if (types === undefined) throw await src.tableNotFound();
  const columns = referenceFieldsOf(step, src.source, request.fields, [...types.keys()]);
  const kinds = columns.map((c) => src.kindOf(types.get(c)!));
  const q = columns.map((c) => src.quote(c));
  const sql = `SELECT ${q.map((c, k) => `${src.asText(`r.${c}`, kinds[k]!)} AS ${src.quote(`k${k}`)}`).join(", ")} FROM (SELECT DISTINCT ${q.join(", ")} FROM ${src.table} WHERE ${q.map((c) => `${c} IS NOT NULL`).join(" AND ")}) AS r ORDER BY ${q.map((c) => `r.${c}`).join(", ")} LIMIT ${request.maxRows + 1}`;
  const rows = await src.rows(sql);
  if (rows.length === 0) throw referenceEmpty(step, src.source, request.fields);
  if (rows.length > request.maxRows)
    throw referenceTooLarge(step, src.source, request.fields, request.maxRows);
  return referenceTable(
    request.fields.map((name, k) => ({
      name,
      kind: kinds[k]!,
      values: rows.map((row) => referenceValue(kinds[k]!, row[k]!)),
    })),
  );
}
