import { RowforgeError } from "../../errors/index.ts";
import type { Connector } from "../connector.ts";
import { matchColumns, writtenFields } from "../database-options.ts";
import { connectError, connectMysql, type MysqlClient, writeError } from "./mysql-client.ts";
import { deleteMysqlRows } from "./mysql-delete.ts";
import { describeMysqlTable, listMysqlTables } from "./mysql-describe.ts";
import {
  type MysqlOptions,
  qualifiedTable,
  readMysqlOptions,
  readMysqlServer,
  tableName,
} from "./mysql-options.ts";
import { createMysqlSink } from "./mysql-sink.ts";
import { createTable, tableColumns, tableHasRows, tableNotFound } from "./mysql-table.ts";
import { readMysqlReference } from "./read-mysql-reference.ts";
import { readMysqlRows } from "./read-mysql-rows.ts";
import { testMysqlConnection } from "./test-mysql-connection.ts";

/**
 * MySQL/MariaDB tables, written through `LOAD DATA LOCAL INFILE` from a stream (see
 * load-data-tsv.ts) in one InnoDB transaction per step. Columns are matched by name; a missing
 * table is created from the step's fields when the step says `createTable: true` (CREATE TABLE
 * commits on its own, before the step's transaction); `overwrite` empties the table with DELETE
 * inside the transaction (TRUNCATE would commit at once); `errorIfExists` refuses and `ignore`
 * skips a table that already holds rows. Delete mode removes the rows of earlier runs by their
 * regenerated keys (mysql-delete.ts).
 */
export const mysqlConnector: Connector = {
  name: "mysql",
  formats: ["mysql"],
  capabilities: { encodedText: true, parts: false, delete: true, deletesByHistory: true },
  check(step) {
    readMysqlOptions(step);
  },
  async checkTarget(step) {
    const o = readMysqlOptions(step);
    const client = await connectMysql(o);
    try {
      const columns = await tableColumns(client, o);
      if (columns === undefined) {
        if (!o.createTable) throw await tableNotFound(client, o, step.step.name);
        return;
      }
      matchColumns(writtenFields(step), columns, tableName(o), step.step.name);
    } catch (e) {
      throw writeError(o, step.step.name, e);
    } finally {
      await client.end();
    }
  },
  async describe(step) {
    const o = readMysqlOptions(step);
    const client = await connectMysql(o);
    try {
      return await describeMysqlTable(client, o);
    } catch (e) {
      throw writeError(o, step.step.name, e);
    } finally {
      await client.end().catch(() => {});
    }
  },
  async listTables(connection) {
    const o = readMysqlServer(connection.name, connection.options);
    if (!o.database) {
      throw new RowforgeError(
        "RF_KEY_MISSING",
        `connection "${connection.name}" names no database whose tables to list`,
        {
          hint: "end the url with the database: jdbc:mysql://host:port/database",
        },
      );
    }
    const client = await connectMysql(o);
    try {
      return await listMysqlTables(client, o);
    } catch (e) {
      throw connectError(o, e);
    } finally {
      await client.end().catch(() => {});
    }
  },
  readReference: readMysqlReference,
  readBack: readMysqlRows,
  async open(target) {
    const stepName = target.step.step.name;
    const o = readMysqlOptions(target.step);
    const client = await connectMysql(o);
    try {
      const fields = target.schema.fields.map((f) => f.name);
      let columns = await tableColumns(client, o);
      if (columns === undefined) {
        if (!o.createTable) throw await tableNotFound(client, o, stepName);
        await createTable(client, o, target.schema);
        columns = fields;
      }
      const matched = matchColumns(fields, columns, tableName(o), stepName);
      await client.query("START TRANSACTION");
      const skipped = await applySaveMode(client, o, stepName);
      if (skipped !== undefined) {
        await client.end();
        return { skipped };
      }
      return createMysqlSink(client, o, target, matched);
    } catch (e) {
      await client.end();
      throw writeError(o, stepName, e);
    }
  },
  testConnection: testMysqlConnection,
  deleteGenerated: deleteMysqlRows,
};

/** Empties the table for overwrite (inside the transaction); refuses (errorIfExists) or skips (ignore) a table holding rows. */
async function applySaveMode(
  client: MysqlClient,
  o: MysqlOptions,
  stepName: string,
): Promise<string | undefined> {
  if (o.saveMode === "overwrite") {
    await client.query(`DELETE FROM ${qualifiedTable(o)}`);
    return undefined;
  }
  if (o.saveMode === "append") return undefined;
  if (!(await tableHasRows(client, o))) return undefined;
  if (o.saveMode === "ignore") return `table ${tableName(o)} holds rows and saveMode is ignore`;
  throw new RowforgeError(
    "RF_OUTPUT_EXISTS",
    `step "${stepName}": table ${tableName(o)} already holds rows and saveMode is errorIfExists`,
  );
}
