import type cassandra from "cassandra-driver";
import { RowforgeError } from "../../errors/index.ts";
import { createTableConnector } from "../table/create-table-connector.ts";
import { connectCassandra, connectError, writeError } from "./cassandra-client.ts";
import { deleteCassandraRows } from "./cassandra-delete.ts";
import { describeCassandraTable, listCassandraTables } from "./cassandra-describe.ts";
import { cassandraKind } from "./cassandra-kind.ts";
import { CASSANDRA_OPTIONS } from "./cassandra-option-schema.ts";
import {
  type CassandraServer,
  outputName,
  qualifiedTable,
  readCassandraOptions,
  readCassandraServer,
  tableName,
} from "./cassandra-options.ts";
import { readCassandraRows } from "./cassandra-read-back.ts";
import { createCassandraSink } from "./cassandra-sink.ts";
import { createTable, tableColumns, tableHasRows, tableKeyOf, tableNotFound } from "./cassandra-table.ts";
import { CASSANDRA_TYPES } from "./cassandra-type-table.ts";
import { cqlColumnType } from "./cassandra-types.ts";
import { testCassandraConnection } from "./test-cassandra-connection.ts";

/**
 * Cassandra tables, written with prepared INSERTs, many in flight at once (see cassandra-sink.ts).
 * A missing table (and keyspace) is created from the step's fields, its primary key from the
 * fields' isPrimaryKey / primaryKeyPos and clusteringPos (checked without I/O with the options);
 * `overwrite` truncates the table first. No transactions: rows stored stay.
 */
export const cassandraConnector = createTableConnector(
  {
    ...cassandraKind,
    types: CASSANDRA_TYPES,
    capabilities: { encodedText: false, parts: false, delete: true, deletesByHistory: true },
    optionSchema: CASSANDRA_OPTIONS,
    readOptions: readCassandraOptions,
    readServer(connection) {
      if (!connection.options.keyspace?.trim()) {
        throw new RowforgeError(
          "RF_KEY_MISSING",
          `connection "${connection.name}" names no keyspace whose tables to list`,
          { hint: "give the connection the option keyspace" },
        );
      }
      return readCassandraServer(connection.name, connection.options);
    },
    connect: connectCassandra,
    end: (client: cassandra.Client) => client.shutdown(),
    sessionKey: (o: CassandraServer) => `cassandra ${o.hosts.join(",")}:${o.port} ${o.user ?? ""}`,
    tableName,
    connectError,
    writeError: (o, stepName, e) => writeError(o, stepName, e),
    tableColumns,
    tableNotFound,
    createTable: (client, o, schema, step) => createTable(client, o, schema, tableKeyOf(step, o)),
    createdColumns: (schema) => new Map(schema.fields.map((f) => [f.name, cqlColumnType(f.type)])),
    empty: async (client, o) => {
      await client.execute(`TRUNCATE ${qualifiedTable(o)}`);
    },
    hasRows: tableHasRows,
    sink: (client, o, target, matched, columns) =>
      createCassandraSink(
        client,
        o,
        target,
        matched,
        matched.map((c) => columns.get(c)!),
      ),
    describe: describeCassandraTable,
    listTables: (client, _o, connection) => listCassandraTables(client, connection.options.keyspace!.trim()),
    readBack: readCassandraRows,
    outputName,
    deleteRuns: deleteCassandraRows,
    testConnection: testCassandraConnection,
    // The driver's parameters are built and encoded in the calling thread, from the workers' Arrow batches.
    busiesCallingThread: true,
  },
  (step, o) => {
    if (o.createTable) tableKeyOf(step, o);
  },
);
