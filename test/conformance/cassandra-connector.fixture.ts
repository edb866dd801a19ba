import { cassandraConnection, cqlQuery } from "../support/servers.ts";
import type { ConnectorFixture } from "./connector.suite.ts";

let count = 0;

/** The ids in a table as text; none when it does not exist. */
async function idsOf(keyspace: string, table: string): Promise<string[]> {
  const exists = await cqlQuery(
    "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ? AND table_name = ?",
    [keyspace, table],
  );
  if (exists.length === 0) return [];
  const rows = await cqlQuery(`SELECT id FROM "${keyspace}"."${table}"`);
  return rows.map((r) => String(r.id));
}

/**
 * Cassandra destinations: a fresh table each on the shared node, created by the run (createTable,
 * keyed by the suite's `id`; the keyspace too). No transactions: an abort keeps what was written.
 */
export const cassandraConnectorFixture: ConnectorFixture = {
  destination: () => ({
    ...cassandraConnection(),
    keyspace: "rf_conformance",
    table: `rf_${process.pid}_${++count}`,
    createTable: "true",
  }),
  readIds: (_format, options) => idsOf(options.keyspace!, options.table!),
  contents: (options) => idsOf(options.keyspace!, options.table!),
  keepsRowsOnAbort: true,
};
