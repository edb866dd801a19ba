import type { Table } from "apache-arrow";
import type pg from "pg";
import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { ReferenceRequest } from "../connector.ts";
import { referenceUnreadable } from "../reference/reference-errors.ts";
import type { ReferenceKind } from "../reference/reference-table.ts";
import { readSqlReference, type SqlReferenceSource } from "../reference/sql-reference.ts";
import { connectError, connectPostgres } from "./postgres-client.ts";
import { type PostgresOptions, qualifiedTable, quoteIdent } from "./postgres-options.ts";
import { outputName } from "./postgres-sink.ts";
import { tableNotFound } from "./postgres-table.ts";

/** Reads the key columns of an existing PostgreSQL table (see readSqlReference). */
export async function readPostgresReference(
  o: PostgresOptions,
  step: ResolvedStep,
  request: ReferenceRequest,
): Promise<Table> {
  const client = await connectPostgres(o);
  try {
    return await readSqlReference(step, request, {
      ...postgresTableSource(client, o, step),
      async rows(sql) {
        const r = await client.query<string[]>({ text: sql, rowMode: "array" });
        return r.rows;
      },
    });
  } catch (e) {
    throw postgresReadError(o, step, e);
  } finally {
    await client.end().catch(() => {});
  }
}

/** An existing PostgreSQL table as reference data and read-back read it: its name, its columns' types, how they read as text. */
export function postgresTableSource(
  client: pg.Client,
  o: PostgresOptions,
  step: ResolvedStep,
): Omit<SqlReferenceSource, "rows"> {
  return {
    source: outputName(o),
    table: qualifiedTable(o),
    quote: quoteIdent,
    async columnTypes() {
      const r = await client.query<{ name: string; type: string }>(
        "SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position",
        [o.schema, o.table],
      );
      return r.rows.length > 0 ? new Map(r.rows.map((row) => [row.name, row.type])) : undefined;
    },
    tableNotFound: () => tableNotFound(client, o, step.step.name),
    kindOf,
    asText,
  };
}

/** A failure reading an existing table: a coded error as it is, the server's refusal (a SQLSTATE) as unreadable data, else the connection's. */
export function postgresReadError(o: PostgresOptions, step: ResolvedStep, e: unknown): RowforgeError {
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
