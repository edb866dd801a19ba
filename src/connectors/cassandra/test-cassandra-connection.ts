import type { Connection } from "../../model/connection.ts";
import type { ConnectionTestOutcome } from "../connector.ts";
import { connectCassandra } from "./cassandra-client.ts";
import { describeServer, readCassandraServer } from "./cassandra-options.ts";

/**
 * Connects (within connectTimeout), reads the node's release and data center from
 * `system.local`, and whether the connection's keyspace (if it names one) exists. Writes
 * nothing. A refused connect or login throws its coded error.
 */
export async function testCassandraConnection(c: Connection): Promise<ConnectionTestOutcome> {
  const o = readCassandraServer(c.name, c.options);
  const client = await connectCassandra(o);
  try {
    const local = (
      await client.execute("SELECT release_version, data_center, cluster_name FROM system.local")
    ).first();
    const version = String(local?.get("release_version") ?? "");
    const keyspace = c.options.keyspace?.trim();
    const details: Record<string, string | number | boolean> = {
      server: describeServer(o),
      product: "Cassandra",
      version,
      dataCenter: String(local?.get("data_center") ?? ""),
      cluster: String(local?.get("cluster_name") ?? ""),
      nodes: client.getState().getConnectedHosts().length,
    };
    if (o.user !== undefined) details.user = o.user;
    let keyspaceText = "";
    if (keyspace) {
      const found = await client.execute(
        "SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = ?",
        [keyspace],
      );
      details.keyspace = keyspace;
      details.keyspaceExists = found.rowLength > 0;
      keyspaceText =
        found.rowLength > 0
          ? `; keyspace "${keyspace}" exists`
          : `; keyspace "${keyspace}" does not exist (a step with createTable: true creates it)`;
    }
    return {
      success: true,
      message: `connected to Cassandra ${version} at ${describeServer(o)}${o.user !== undefined ? ` as "${o.user}"` : ""}${keyspaceText}`,
      details,
    };
  } finally {
    await client.shutdown().catch(() => {});
  }
}
