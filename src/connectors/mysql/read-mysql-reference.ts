import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { referenceUnreadable } from "../reference/reference-errors.ts";
import type { ReferenceKind } from "../reference/reference-table.ts";
import {
  informationSchemaTypes,
  type SqlTableAccess,
  sqlReferenceReader,
} from "../reference/sql-table-reader.ts";
import { connectError, connectMysql, type MysqlClient } from "./mysql-client.ts";
import { type MysqlOptions, outputName, qualifiedTable, quoteIdent } from "./mysql-options.ts";
import { tableNotFound } from "./mysql-table.ts";

/** How rowforge reaches an existing MySQL/MariaDB table, for reference data and read-back; the session is in UTC. */
export const MYSQL_TABLE: SqlTableAccess<MysqlOptions, MysqlClient> = {
  connect: connectMysql,
  tableSource: (client, o, step) => ({
    source: outputName(o),
    table: qualifiedTable(o),
    quote: quoteIdent,
    columnTypes: () =>
      informationSchemaTypes(
        (sql, params) => client.query<{ name: string; type: string }[]>(sql, params),
        () => "?",
        o.database,
        o.table,
      ),
    tableNotFound: () => tableNotFound(client, o, step.step.name),
    kindOf,
    asText,
  }),
  readError: mysqlReadError,
};

/** Reads the key columns of an existing MySQL/MariaDB table (see readSqlReference). */
export const readMysqlReference = sqlReferenceReader(MYSQL_TABLE, async (client, sql) => {
  const rows = await client.query<Record<string, unknown>[]>(sql);
  return rows.map((r) => Object.values(r).map(String));
});

/** A failure reading an existing table: a coded error as it is, the server's refusal (an SQLSTATE) as unreadable data, else the connection's. */
function mysqlReadError(o: MysqlOptions, step: ResolvedStep, e: unknown): RowforgeError {
  if (e instanceof RowforgeError) return e;
  const f = e as { sqlState?: unknown; sqlMessage?: unknown; message?: unknown };
  if (f.sqlState !== undefined)
    return referenceUnreadable(step, outputName(o), String(f.sqlMessage ?? f.message));
  return connectError(o, e);
}

export function kindOf(type: string): ReferenceKind {
  const t = type.toLowerCase();
  if (/^(tinyint|smallint|mediumint|int|integer|bigint|year)$/.test(t)) return "long";
  if (t === "float" || t === "double" || t === "real") return "double";
  if (t === "date") return "date";
  if (t === "datetime" || t === "timestamp") return "timestamp";
  return "string";
}

export function asText(column: string, kind: ReferenceKind): string {
  switch (kind) {
    case "date":
      return `CAST(DATEDIFF(${column}, '1970-01-01') AS CHAR)`;
    case "timestamp":
      return `CAST(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', ${column}) AS CHAR)`;
    default:
      return `CAST(${column} AS CHAR)`;
  }
}
