import type { Table } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { ReferenceRequest } from "../connector.ts";
import { referenceUnreadable } from "../reference/reference-errors.ts";
import type { ReferenceKind } from "../reference/reference-table.ts";
import { readSqlReference, type SqlReferenceSource } from "../reference/sql-reference.ts";
import { connectError, connectMysql, type MysqlClient } from "./mysql-client.ts";
import { type MysqlOptions, qualifiedTable, quoteIdent } from "./mysql-options.ts";
import { outputName } from "./mysql-sink.ts";
import { tableNotFound } from "./mysql-table.ts";

/** Reads the key columns of an existing MySQL/MariaDB table (see readSqlReference); the session is in UTC. */
export async function readMysqlReference(
  o: MysqlOptions,
  step: ResolvedStep,
  request: ReferenceRequest,
): Promise<Table> {
  const client = await connectMysql(o);
  try {
    return await readSqlReference(step, request, {
      ...mysqlTableSource(client, o, step),
      async rows(sql) {
        const rows = await client.query<Record<string, unknown>[]>(sql);
        return rows.map((r) => Object.values(r).map(String));
      },
    });
  } catch (e) {
    throw mysqlReadError(o, step, e);
  } finally {
    await client.end().catch(() => {});
  }
}

/** An existing MySQL/MariaDB table as reference data and read-back read it: its name, its columns' types, how they read as text. */
export function mysqlTableSource(
  client: MysqlClient,
  o: MysqlOptions,
  step: ResolvedStep,
): Omit<SqlReferenceSource, "rows"> {
  return {
    source: outputName(o),
    table: qualifiedTable(o),
    quote: quoteIdent,
    async columnTypes() {
      const rows = await client.query<{ name: string; type: string }[]>(
        "SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position",
        [o.database, o.table],
      );
      return rows.length > 0 ? new Map(rows.map((r) => [r.name, r.type])) : undefined;
    },
    tableNotFound: () => tableNotFound(client, o, step.step.name),
    kindOf,
    asText,
  };
}

/** A failure reading an existing table: a coded error as it is, the server's refusal (an SQLSTATE) as unreadable data, else the connection's. */
export function mysqlReadError(o: MysqlOptions, step: ResolvedStep, e: unknown): RowforgeError {
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
