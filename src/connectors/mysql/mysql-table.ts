import type { Schema } from "apache-arrow";
import { didYouMean, RowforgeError } from "../../errors/index.ts";
import type { MysqlClient } from "./mysql-client.ts";
import { describeServer, type MysqlOptions, qualifiedTable, quoteIdent, tableName } from "./mysql-options.ts";
import { mysqlColumnType } from "./mysql-types.ts";

/** The table's column names in order, or undefined when the table does not exist. */
export async function tableColumns(client: MysqlClient, o: MysqlOptions): Promise<string[] | undefined> {
  const rows = await client.query<{ name: string }[]>(
    "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position",
    [o.database, o.table],
  );
  return rows.length > 0 ? rows.map((r) => r.name) : undefined;
}

/** The refusal for a missing table, with the nearest tables of the database. */
export async function tableNotFound(
  client: MysqlClient,
  o: MysqlOptions,
  stepName: string,
): Promise<RowforgeError> {
  const rows = await client.query<{ name: string }[]>(
    "SELECT CONCAT(table_schema, '.', table_name) AS name FROM information_schema.tables WHERE table_schema NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')",
  );
  const near = didYouMean(
    tableName(o),
    rows.map((r) => r.name),
  );
  return new RowforgeError(
    "RF_DB_TABLE_NOT_FOUND",
    `step "${stepName}" (connection "${o.connection}"): table ${tableName(o)} does not exist on ${describeServer(o)}${near ? `; ${near}` : ""}`,
    { hint: "create it, or add the step option createTable: true to create it from the step's fields" },
  );
}

/** Creates the table (InnoDB, utf8mb4) with a column per field, typed by its type table's columns. */
export async function createTable(client: MysqlClient, o: MysqlOptions, schema: Schema): Promise<void> {
  const columns = schema.fields.map((f) => `${quoteIdent(f.name)} ${mysqlColumnType(f.type)}`);
  await client.query(
    `CREATE TABLE IF NOT EXISTS ${qualifiedTable(o)} (${columns.join(", ")}) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  );
}

/** Whether the table holds any row. */
export async function tableHasRows(client: MysqlClient, o: MysqlOptions): Promise<boolean> {
  const rows = await client.query<unknown[]>(`SELECT 1 FROM ${qualifiedTable(o)} LIMIT 1`);
  return rows.length > 0;
}
