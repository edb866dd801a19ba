import { RowforgeError } from "../../errors/index.ts";
import { createTableConnector } from "../table/create-table-connector.ts";
import { connectError, connectMysql, type MysqlClient, writeError } from "./mysql-client.ts";
import { mysqlRowDelete } from "./mysql-delete.ts";
import { describeMysqlTable, listMysqlTables } from "./mysql-describe.ts";
import { mysqlKind } from "./mysql-kind.ts";
import { MYSQL_OPTIONS } from "./mysql-option-schema.ts";
import {
  type MysqlServer,
  outputName,
  qualifiedTable,
  readMysqlOptions,
  readMysqlServer,
  tableName,
} from "./mysql-options.ts";
import { createMysqlSink } from "./mysql-sink.ts";
import { createTable, tableColumns, tableHasRows, tableNotFound } from "./mysql-table.ts";
import { MYSQL_TYPES } from "./mysql-type-table.ts";
import { readMysqlReference } from "./read-mysql-reference.ts";
import { readMysqlRows } from "./read-mysql-rows.ts";
import { testMysqlConnection } from "./test-mysql-connection.ts";

/**
 * MySQL/MariaDB tables, written through `LOAD DATA LOCAL INFILE` from a stream (see
 * load-data-tsv.ts) in one InnoDB transaction per step. A missing table is created before the
 * step's transaction begins (CREATE TABLE commits on its own); `overwrite` empties the table
 * with DELETE inside the transaction (TRUNCATE would commit at once). Delete mode removes the
 * rows of earlier runs by their regenerated keys (mysql-delete.ts).
 */
export const mysqlConnector = createTableConnector({
  ...mysqlKind,
  types: MYSQL_TYPES,
  capabilities: { encodedText: true, parts: false, delete: true, deletesByHistory: true },
  optionSchema: MYSQL_OPTIONS,
  readOptions: readMysqlOptions,
  readServer(connection) {
    const o = readMysqlServer(connection.name, connection.options);
    if (!o.database) {
      throw new RowforgeError(
        "RF_KEY_MISSING",
        `connection "${connection.name}" names no database whose tables to list`,
        { hint: "end the url with the database: jdbc:mysql://host:port/database" },
      );
    }
    return o;
  },
  connect: connectMysql,
  end: (client: MysqlClient) => client.end(),
  sessionKey: (o: MysqlServer) => `mysql ${o.host}:${o.port}/${o.database} ${o.user ?? ""}`,
  tableName,
  connectError,
  writeError: (o, stepName, e) => writeError(o, stepName, e),
  tableColumns,
  tableNotFound,
  createTable,
  empty: async (client, o) => {
    await client.query(`DELETE FROM ${qualifiedTable(o)}`);
  },
  hasRows: tableHasRows,
  transaction: {
    beforeCreate: false,
    begin: async (client) => {
      await client.query("START TRANSACTION");
    },
  },
  sink: (client, o, target, matched) => createMysqlSink(client, o, target, matched),
  describe: describeMysqlTable,
  listTables: (client, o) => listMysqlTables(client, o),
  readBack: readMysqlRows,
  readReference: readMysqlReference,
  outputName,
  rowDelete: mysqlRowDelete,
  testConnection: testMysqlConnection,
});
