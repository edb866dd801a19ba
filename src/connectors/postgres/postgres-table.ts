import type { Schema } from "apache-arrow";
import type pg from "pg";
import { didYouMean, RowforgeError } from "../../errors/index.ts";
import { matchColumns as matchFieldColumns } from "../database-options.ts";
import {
  describeServer,
  type PostgresOptions,
  qualifiedTable,
  quoteIdent,
  tableName,
} from "./postgres-options.ts";
import { pgColumnType } from "./postgres-types.ts";

/** The table's column names in order, or undefined when the table does not exist. */
export async function tableColumns(client: pg.Client, o: PostgresOptions): Promise<string[] | undefined> {
  const r = await client.query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position",
    [o.schema, o.table],
  );
  if (r.rows.length > 0) return r.rows.map((row) => row.column_name);
  // A table without columns still exists.
  const t = await client.query(
    "SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = $2",
    [o.schema, o.table],
  );
  return t.rows.length > 0 ? [] : undefined;
}

/** The type (pg_type.typname) of each named column of the table, in the order given. */
export async function columnTypes(
  client: pg.Client,
  o: PostgresOptions,
  columns: readonly string[],
): Promise<string[]> {
  const r = await client.query<{ attname: string; typname: string }>(
    "SELECT a.attname, t.typname FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped",
    [qualifiedTable(o)],
  );
  const byName = new Map(r.rows.map((row) => [row.attname, row.typname]));
  return columns.map((c) => byName.get(c) ?? "");
}

/** The refusal for a missing table, with the nearest tables of the schema. */
export async function tableNotFound(
  client: pg.Client,
  o: PostgresOptions,
  stepName: string,
): Promise<RowforgeError> {
  const r = await client.query<{ name: string }>(
    "SELECT table_schema || '.' || table_name AS name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
  );
  const near = didYouMean(
    tableName(o),
    r.rows.map((row) => row.name),
  );
  return new RowforgeError(
    "RF_DB_TABLE_NOT_FOUND",
    `step "${stepName}" (connection "${o.connection}"): table ${tableName(o)} does not exist in ${describeServer(o)}${near ? `; ${near}` : ""}`,
  );
}

/** The table column each field goes to (see database-options.ts), naming the table as `schema.table`. */
export const matchColumns = (
  fields: readonly string[],
  columns: readonly string[],
  o: PostgresOptions,
  stepName: string,
): string[] => matchFieldColumns(fields, columns, tableName(o), stepName);

/** Creates the table (and its schema) with a column per field, typed by its type table's columns. */
export async function createTable(client: pg.Client, o: PostgresOptions, schema: Schema): Promise<void> {
  const columns = schema.fields.map((f) => `${quoteIdent(f.name)} ${pgColumnType(f.type)}`);
  // CREATE SCHEMA IF NOT EXISTS still needs the right to create schemas: ask first.
  const schemaExists = await client.query("SELECT 1 FROM pg_namespace WHERE nspname = $1", [o.schema]);
  if (schemaExists.rows.length === 0) await client.query(`CREATE SCHEMA ${quoteIdent(o.schema)}`);
  await client.query(`CREATE TABLE IF NOT EXISTS ${qualifiedTable(o)} (${columns.join(", ")})`);
}

/** Whether the table holds any row. */
export async function tableHasRows(client: pg.Client, o: PostgresOptions): Promise<boolean> {
  const r = await client.query(`SELECT 1 FROM ${qualifiedTable(o)} LIMIT 1`);
  return r.rows.length > 0;
}
