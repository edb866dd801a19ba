import type cassandra from "cassandra-driver";
import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { Connector } from "../connector.ts";
import { matchColumns, writtenFields } from "../database-options.ts";
import { connectCassandra, connectError, writeError } from "./cassandra-client.ts";
import { deleteCassandraRows } from "./cassandra-delete.ts";
import { describeCassandraTable, listCassandraTables } from "./cassandra-describe.ts";
import {
  type CassandraOptions,
  qualifiedTable,
  readCassandraOptions,
  readCassandraServer,
  tableName,
} from "./cassandra-options.ts";
import { readCassandraRows } from "./cassandra-read-back.ts";
import { createCassandraSink } from "./cassandra-sink.ts";
import { createTable, tableColumns, tableHasRows, tableKeyOf, tableNotFound } from "./cassandra-table.ts";
import { cqlColumnType } from "./cassandra-types.ts";
import { testCassandraConnection } from "./test-cassandra-connection.ts";

/** The step's options, and with createTable the key its table would get (both checked without I/O). */
function checked(step: ResolvedStep): CassandraOptions {
  const o = readCassandraOptions(step);
  if (o.createTable) tableKeyOf(step, o);
  return o;
}

/**
 * Cassandra tables, written with prepared INSERTs, many in flight at once (see cassandra-sink.ts).
 * Columns are matched by name; a missing table (and keyspace) is created from the step's fields
 * when the step says `createTable: true`, its primary key from the fields' isPrimaryKey /
 * primaryKeyPos and clusteringPos; `overwrite` truncates the table first; `errorIfExists` refuses
 * and `ignore` skips a table that already holds rows. No transactions: rows stored stay.
 */
export const cassandraConnector: Connector = {
  name: "cassandra",
  formats: ["cassandra"],
  capabilities: { encodedText: false, parts: false, delete: true, deletesByHistory: true },
  check(step) {
    checked(step);
  },
  async checkTarget(step) {
    const o = checked(step);
    const client = await connectCassandra(o);
    try {
      const columns = await tableColumns(client, o);
      if (columns === undefined) {
        if (!o.createTable) throw await tableNotFound(client, o, step.step.name);
        return;
      }
      matchColumns(writtenFields(step), [...columns.keys()], tableName(o), step.step.name);
    } catch (e) {
      throw writeError(o, step.step.name, e);
    } finally {
      await client.shutdown().catch(() => {});
    }
  },
  async describe(step) {
    const o = readCassandraOptions(step);
    const client = await connectCassandra(o);
    try {
      return await describeCassandraTable(client, o);
    } catch (e) {
      throw writeError(o, step.step.name, e);
    } finally {
      await client.shutdown().catch(() => {});
    }
  },
  async listTables(connection) {
    const keyspace = connection.options.keyspace?.trim();
    if (!keyspace) {
      throw new RowforgeError(
        "RF_KEY_MISSING",
        `connection "${connection.name}" names no keyspace whose tables to list`,
        {
          hint: "give the connection the option keyspace",
        },
      );
    }
    const o = readCassandraServer(connection.name, connection.options);
    const client = await connectCassandra(o);
    try {
      return await listCassandraTables(client, keyspace);
    } catch (e) {
      throw connectError(o, e);
    } finally {
      await client.shutdown().catch(() => {});
    }
  },
  readBack: readCassandraRows,
  // The driver's parameters are built and encoded in the calling thread, from the workers' Arrow batches.
  busiesCallingThread: () => true,
  async open(target) {
    const stepName = target.step.step.name;
    const o = checked(target.step);
    const client = await connectCassandra(o);
    try {
      const fields = target.schema.fields.map((f) => f.name);
      let columns = await tableColumns(client, o);
      if (columns === undefined) {
        if (!o.createTable) throw await tableNotFound(client, o, stepName);
        await createTable(client, o, target.schema, tableKeyOf(target.step, o));
        columns = new Map(target.schema.fields.map((f) => [f.name, cqlColumnType(f.type)]));
      }
      const matched = matchColumns(fields, [...columns.keys()], tableName(o), stepName);
      const known = columns;
      const types = matched.map((c) => known.get(c)!);
      const skipped = await applySaveMode(client, o, stepName);
      if (skipped !== undefined) {
        await client.shutdown().catch(() => {});
        return { skipped };
      }
      return createCassandraSink(client, o, target, matched, types);
    } catch (e) {
      await client.shutdown().catch(() => {});
      throw writeError(o, stepName, e);
    }
  },
  testConnection: testCassandraConnection,
  deleteGenerated: deleteCassandraRows,
};

/** Truncates for overwrite; refuses (errorIfExists) or skips (ignore) a table holding rows. */
async function applySaveMode(
  client: cassandra.Client,
  o: CassandraOptions,
  stepName: string,
): Promise<string | undefined> {
  if (o.saveMode === "overwrite") {
    await client.execute(`TRUNCATE ${qualifiedTable(o)}`);
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
