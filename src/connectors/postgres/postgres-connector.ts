import type pg from "pg";
import { createTableConnector } from "../table/create-table-connector.ts";
import { binaryColumnTypes } from "./copy-binary.ts";
import { connectError, connectPostgres, writeError } from "./postgres-client.ts";
import { postgresRowDelete } from "./postgres-delete.ts";
import { describePostgresTable, listPostgresTables } from "./postgres-describe.ts";
import { postgresKind } from "./postgres-kind.ts";
import { POSTGRES_OPTIONS } from "./postgres-option-schema.ts";
import {
  outputName,
  type PostgresServer,
  qualifiedTable,
  readPostgresOptions,
  readPostgresServer,
  tableName,
} from "./postgres-options.ts";
import { createPostgresSink } from "./postgres-sink.ts";
import { columnTypes, createTable, tableColumns, tableHasRows, tableNotFound } from "./postgres-table.ts";
import { POSTGRES_TYPES } from "./postgres-type-table.ts";
import { readPostgresReference } from "./read-postgres-reference.ts";
import { readPostgresRows } from "./read-postgres-rows.ts";
import { testPostgresConnection } from "./test-postgres-connection.ts";

/**
 * PostgreSQL tables, written through COPY in binary form when every field's type has a binary
 * writer for its column's type (copy-binary.ts), else in CSV form (copy-csv.ts), encoded by
 * the workers, in one transaction per step (begun before a missing table is created, so a
 * failed step leaves no table behind). `overwrite` truncates the table. Delete mode removes the
 * rows of earlier runs by their regenerated keys (postgres-delete.ts).
 */
export const postgresConnector = createTableConnector({
  ...postgresKind,
  types: POSTGRES_TYPES,
  capabilities: {
    encodedText: true,
    parts: false,
    delete: true,
    deletesByHistory: true,
    runTransaction: true,
  },
  optionSchema: POSTGRES_OPTIONS,
  readOptions: readPostgresOptions,
  readServer: (c) => readPostgresServer(c.name, c.options),
  connect: connectPostgres,
  end: (client: pg.Client) => client.end(),
  sessionKey: (o: PostgresServer) => `postgres ${o.host}:${o.port}/${o.database} ${o.user ?? ""}`,
  tableName,
  connectError,
  writeError,
  tableColumns,
  tableNotFound,
  createTable,
  empty: async (client, o) => {
    await client.query(`TRUNCATE ${qualifiedTable(o)}`);
  },
  hasRows: tableHasRows,
  transaction: {
    beforeCreate: true,
    begin: async (client) => {
      await client.query("BEGIN");
    },
    async endRun(client, commit) {
      try {
        if (commit) await client.query("COMMIT");
      } finally {
        await client.end().catch(() => {});
      }
    },
  },
  async sink(client, o, target, matched) {
    const binary = binaryColumnTypes(target.schema, await columnTypes(client, o, matched));
    return createPostgresSink(client, o, target, matched, binary);
  },
  describe: describePostgresTable,
  listTables: (client, o) => listPostgresTables(client, o),
  readBack: readPostgresRows,
  readReference: readPostgresReference,
  outputName,
  rowDelete: postgresRowDelete,
  testConnection: testPostgresConnection,
});
