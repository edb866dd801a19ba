import type pg from "pg";
import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { referenceUnreadable } from "../reference/reference-errors.ts";
import type { ReferenceKind } from "../reference/reference-table.ts";
import {
  informationSchemaTypes,
  type SqlTableAccess,
  sqlReferenceReader,
} from "../reference/sql-table-reader.ts";
import { connectError, connectPostgres } from "./postgres-client.ts";
import { outputName, type PostgresOptions, qualifiedTable, quoteIdent } from "./postgres-options.ts";
import { tableNotFound } from "./postgres-table.ts";

/** How rowforge reaches an existing PostgreSQL table, for reference data and read-back. */
export const POSTGRES_TABLE: SqlTableAccess<PostgresOptions, pg.Client> = {
  connect: connectPostgres,
  tableSource: (client, o, step) => ({
    source: outputName(o),
    table: qualifiedTable(o),
    quote: quoteIdent,
    columnTypes: () =>
      informationSchemaTypes(
        async (sql, params) => (await client.query<{ name: string; type: string }>(sql, [...params])).rows,
        (n) => `$${n}`,
        o.schema,
        o.table,
      ),
    tableNotFound: () => tableNotFound(client, o, step.step.name),
    kindOf,
    asText,
  }),
  readError: postgresReadError,
};

/** Reads the key columns of an existing PostgreSQL table (see readSqlReference). */
export const readPostgresReference = sqlReferenceReader(POSTGRES_TABLE, async (client, sql) => {
  const r = await client.query<string[]>({ text: sql, rowMode: "array" });
  return r.rows;
});

/** A failure reading an existing table: a coded error as it is, the server's refusal (a SQLSTATE) as unreadable data, else the connection's. */
function postgresReadError(o: PostgresOptions, step: ResolvedStep, e: unknown): RowforgeError {
  if (e instanceof RowforgeError) return e;
  const code = (e as { code?: unknown }).code;
  if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code))
    return referenceUnreadable(step, outputName(o), (e as Error).message);
  return connectError(o, e);
}

export function kindOf(type: string): ReferenceKind {
  const t = type.toLowerCase();
  if (t === "smallint" || t === "integer" || t === "bigint") return "long";
  if (t === "real" || t === "double precision") return "double";
  if (t === "boolean") return "boolean";
  if (t === "date") return "date";
  if (t.startsWith("timestamp")) return "timestamp";
  return "string";
}

export function asText(column: string, kind: ReferenceKind): string {
  switch (kind) {
    case "date":
      return `(${column} - DATE '1970-01-01')::text`;
    case "timestamp":
      return `round(extract(epoch from ${column}) * 1000000)::bigint::text`;
    default:
      return `${column}::text`;
  }
}
