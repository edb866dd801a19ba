import type { Table } from "apache-arrow";
import type { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { ReadBack, ReadBackRequest, ReferenceRequest } from "../connector.ts";
import { readSqlRows } from "./sql-read-back.ts";
import { readSqlReference, type SqlReferenceSource } from "./sql-reference.ts";

/** A connection of a SQL database, as reading an existing table uses it. */
export interface SqlReadClient {
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}

/**
 * How one SQL database reaches an existing table (`O` its step options, `C` its connection):
 * everything else of reading reference data and reading a table back is the same for all.
 */
export interface SqlTableAccess<O, C extends SqlReadClient> {
  connect(o: O): Promise<C>;
  /** The table's name, its columns' types and how they read as text, on `client`. */
  tableSource(client: C, o: O, step: ResolvedStep): Omit<SqlReferenceSource, "rows">;
  /** What a failure reading the table becomes: a coded error as it is, else the database's. */
  readError(o: O, step: ResolvedStep, e: unknown): RowforgeError;
}

/** The step's rows of `select` (text, null for NULL), `batchRows` at a time in a stable order, in one read-only transaction. */
export type SqlPages<O, C> = (
  client: C,
  o: O,
  select: readonly string[],
  batchRows: number,
  columns: readonly string[],
) => AsyncIterable<(string | null)[][]>;

/**
 * A connector's readReference (see readSqlReference) on a connection of its own, ended after:
 * `rows` runs the query and gives its rows as text.
 */
export function sqlReferenceReader<O, C extends SqlReadClient>(
  access: SqlTableAccess<O, C>,
  rows: (client: C, sql: string) => Promise<string[][]>,
): (o: O, step: ResolvedStep, request: ReferenceRequest) => Promise<Table> {
  return async (o, step, request) => {
    const client = await access.connect(o);
    try {
      return await readSqlReference(step, request, {
        ...access.tableSource(client, o, step),
        rows: (sql) => rows(client, sql),
      });
    } catch (e) {
      throw access.readError(o, step, e);
    } finally {
      await client.end().catch(() => {});
    }
  };
}

/**
 * A connector's readBack (see readSqlRows) on a connection of its own: its transaction is
 * rolled back and the connection ended once, when the batches end, fail or are closed.
 */
export function sqlRowsReader<O, C extends SqlReadClient>(
  access: SqlTableAccess<O, C>,
  pages: SqlPages<O, C>,
): (o: O, step: ResolvedStep, request: ReadBackRequest) => Promise<ReadBack> {
  return async (o, step, request) => {
    const client = await access.connect(o);
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await client.query("ROLLBACK").catch(() => {});
      await client.end().catch(() => {});
    };
    const unreadable = (e: unknown) => access.readError(o, step, e);
    try {
      return await readSqlRows(request, {
        ...access.tableSource(client, o, step),
        async *pages(select, batchRows, columns) {
          try {
            yield* pages(client, o, select, batchRows, columns);
          } catch (e) {
            throw unreadable(e);
          }
        },
        close,
      });
    } catch (e) {
      await close();
      throw unreadable(e);
    }
  };
}

/** A row of information_schema.columns: a column's name and data type. */
interface ColumnTypeRow {
  readonly name: string;
  readonly type: string;
}

/**
 * A table's columns and their data types (information_schema), in order, or undefined when
 * it has none (no such table). `query` runs the SELECT with the schema's and the table's
 * names as its two parameters, written `param(1)` and `param(2)`.
 */
export async function informationSchemaTypes(
  query: (sql: string, params: readonly [string, string]) => Promise<readonly ColumnTypeRow[]>,
  param: (n: number) => string,
  schema: string,
  table: string,
): Promise<Map<string, string> | undefined> {
  const rows = await query(
    `SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_schema = ${param(1)} AND table_name = ${param(2)} ORDER BY ordinal_position`,
    [schema, table],
  );
  return rows.length > 0 ? new Map(rows.map((r) => [r.name, r.type])) : undefined;
}
