import type pg from "pg";
import { RowforgeError } from "../../errors/index.ts";
import type { Connector } from "../connector.ts";
import { writtenFields } from "../database-options.ts";
import { binaryColumnTypes } from "./copy-binary.ts";
import { connectError, connectPostgres, writeError } from "./postgres-client.ts";
import { deletePostgresRows } from "./postgres-delete.ts";
import { describePostgresTable, listPostgresTables } from "./postgres-describe.ts";
import {
  type PostgresOptions,
  qualifiedTable,
  readPostgresOptions,
  readPostgresServer,
  tableName,
} from "./postgres-options.ts";
import { createPostgresSink } from "./postgres-sink.ts";
import {
  columnTypes,
  createTable,
  matchColumns,
  tableColumns,
  tableHasRows,
  tableNotFound,
} from "./postgres-table.ts";
import { readPostgresReference } from "./read-postgres-reference.ts";
import { readPostgresRows } from "./read-postgres-rows.ts";
import { testPostgresConnection } from "./test-postgres-connection.ts";

/**
 * PostgreSQL tables, written through COPY in binary form when every field's type has a binary
 * writer for its column's type (copy-binary.ts), else in CSV form (copy-csv.ts), encoded by
 * the workers, in one transaction per step. Columns are matched by name; a missing table is created from the step's fields when
 * the step says `createTable: true`; `overwrite` truncates the table first; `errorIfExists`
 * refuses and `ignore` skips a table that already holds rows. Delete mode removes the rows of
 * earlier runs by their regenerated keys (postgres-delete.ts).
 */
export const postgresConnector: Connector = {
  name: "postgres",
  formats: ["postgres"],
  capabilities: {
    encodedText: true,
    parts: false,
    delete: true,
    deletesByHistory: true,
    runTransaction: true,
  },
  check(step) {
    readPostgresOptions(step);
  },
  async checkTarget(step) {
    const o = readPostgresOptions(step);
    const client = await connectPostgres(o);
    try {
      const columns = await tableColumns(client, o);
      if (columns === undefined) {
        if (!o.createTable) throw await tableNotFound(client, o, step.step.name);
        return;
      }
      matchColumns(writtenFields(step), columns, o, step.step.name);
    } catch (e) {
      throw writeError(o, step.step.name, e);
    } finally {
      await client.end().catch(() => {});
    }
  },
  async describe(step) {
    const o = readPostgresOptions(step);
    const client = await connectPostgres(o);
    try {
      return await describePostgresTable(client, o);
    } catch (e) {
      throw writeError(o, step.step.name, e);
    } finally {
      await client.end().catch(() => {});
    }
  },
  async listTables(connection) {
    const o = readPostgresServer(connection.name, connection.options);
    const client = await connectPostgres(o);
    try {
      return await listPostgresTables(client, o);
    } catch (e) {
      throw connectError(o, e);
    } finally {
      await client.end().catch(() => {});
    }
  },
  readReference: readPostgresReference,
  readBack: readPostgresRows,
  async open(target) {
    const stepName = target.step.step.name;
    const o = readPostgresOptions(target.step);
    const shared = target.transaction;
    // In the run's one transaction, the connection is the run's to end (it rolls back a failure).
    const client = await (shared
      ? shared.connection(transactionKey(o), () => beginPostgres(o), endPostgres)
      : beginPostgres(o)
    ).catch((e: unknown) => {
      throw writeError(o, stepName, e);
    });
    const release = () => (shared ? Promise.resolve() : client.end().catch(() => {}));
    try {
      const fields = target.schema.fields.map((f) => f.name);
      let columns = await tableColumns(client, o);
      if (columns === undefined) {
        if (!o.createTable) throw await tableNotFound(client, o, stepName);
        await createTable(client, o, target.schema);
        columns = fields;
      }
      const matched = matchColumns(fields, columns, o, stepName);
      const skipped = await applySaveMode(client, o, stepName);
      if (skipped !== undefined) {
        await release();
        return { skipped };
      }
      const binary = binaryColumnTypes(target.schema, await columnTypes(client, o, matched));
      return await createPostgresSink(client, o, target, matched, binary);
    } catch (e) {
      await release();
      throw writeError(o, stepName, e);
    }
  },
  testConnection: testPostgresConnection,
  deleteGenerated: deletePostgresRows,
};

/** A connection with its transaction begun. */
async function beginPostgres(o: PostgresOptions): Promise<pg.Client> {
  const client = await connectPostgres(o);
  try {
    await client.query("BEGIN");
  } catch (e) {
    await client.end().catch(() => {});
    throw e;
  }
  return client;
}

/** Which steps share the run's connection: the same server, database and user. */
const transactionKey = (o: PostgresOptions): string =>
  `postgres ${o.host}:${o.port}/${o.database} ${o.user ?? ""}`;

/** Ends the run's transaction on a connection (closing it mid-transaction rolls it back), then the connection. */
async function endPostgres(client: pg.Client, commit: boolean): Promise<void> {
  try {
    if (commit) await client.query("COMMIT");
  } finally {
    await client.end().catch(() => {});
  }
}

/** Truncates for overwrite; refuses (errorIfExists) or skips (ignore) a table holding rows. */
async function applySaveMode(
  client: pg.Client,
  o: PostgresOptions,
  stepName: string,
): Promise<string | undefined> {
  if (o.saveMode === "overwrite") {
    await client.query(`TRUNCATE ${qualifiedTable(o)}`);
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
