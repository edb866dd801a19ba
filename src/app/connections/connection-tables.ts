import { normaliseFormat } from "../../config/index.ts";
import { findConnector } from "../../connectors/registry.ts";
import type { TableStep } from "../../connectors/table-description.ts";
import { withinConnectTimeout } from "../../connectors/within-connect-timeout.ts";
import { didYouMean, RowforgeError } from "../../errors/index.ts";
import type { Connection } from "../../model/connection.ts";
import type { TableColumn } from "../../model/table-column.ts";
import { OUTPUT_KINDS } from "../output-kinds.ts";
import { tableStep } from "../schemas/whole-connections.ts";

export interface TableColumns {
  /** `schema.table` as the database names it. */
  readonly table: string;
  /** The step options naming the table (dbtable, or keyspace and table). */
  readonly options: Readonly<Record<string, string>>;
  readonly columns: readonly TableColumn[];
}

/** The database connector of a connection, or RF_CONNECTION_NOT_A_DATABASE saying that its kind has no tables. */
async function databaseOf(c: Connection) {
  const format = normaliseFormat(c.type, c.options, OUTPUT_KINDS);
  const connector = await findConnector(format);
  if (!connector?.listTables || !connector.describe)
    throw new RowforgeError(
      "RF_CONNECTION_NOT_A_DATABASE",
      `connection "${c.name}" is a ${format} connection, which has no tables to list`,
      { hint: "tables are listed for database connections (postgres, mysql, cassandra)" },
    );
  return {
    format,
    listTables: connector.listTables.bind(connector),
    describe: connector.describe.bind(connector),
  };
}

/** How a table is named in messages and by the editor: `dbtable`, or `keyspace.table` (Cassandra). */
const tableName = (t: TableStep): string =>
  t.options.dbtable ?? [t.options.keyspace, t.options.table].filter((p) => p !== undefined).join(".");

/** The tables of a database connection's schema (keyspace, database), each with the step options naming it. */
export async function connectionTables(c: Connection): Promise<readonly TableStep[]> {
  const db = await databaseOf(c);
  return withinConnectTimeout(db.listTables(c), c, `connection "${c.name}"`);
}

/**
 * The columns of one table of a database connection (`table` as GET .../tables names it: a
 * step's dbtable, or Cassandra's `keyspace.table`), read as the schema stage reads a step's
 * table; RF_DB_TABLE_NOT_FOUND when there is no such table.
 */
export async function tableColumns(c: Connection, table: string): Promise<TableColumns> {
  const db = await databaseOf(c);
  const tables = await connectionTables(c);
  const listed = tables.find((t) => tableName(t) === table || t.name === table);
  const options = listed?.options ?? { dbtable: table };
  const whole = { taskName: "", dataSourceName: c.name, connection: c, format: db.format };
  const step = tableStep(whole, { name: listed?.name ?? table, options });
  const described = await withinConnectTimeout(db.describe(step), c, `connection "${c.name}"`);
  if (!described) {
    const near = didYouMean(table, tables.map(tableName));
    throw new RowforgeError(
      "RF_DB_TABLE_NOT_FOUND",
      `connection "${c.name}" has no table ${table}${near ? `; ${near}` : ""}`,
      { hint: "pick one of the tables GET /connection/{name}/tables lists" },
    );
  }
  return {
    table: described.name,
    options,
    columns: described.columns.map((col) => {
      const omitted =
        col.fill === "computed"
          ? "computed by the database"
          : col.type === undefined
            ? `type ${col.dbType} is not generated`
            : undefined;
      return {
        name: col.name,
        ...(col.type !== undefined ? { type: col.type } : {}),
        dbType: col.dbType,
        nullable: col.nullable,
        primaryKey: col.primaryKeyPosition !== undefined,
        ...(omitted ? { omitted } : {}),
      };
    }),
  };
}
