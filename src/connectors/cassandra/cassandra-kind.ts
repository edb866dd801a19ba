import type { ConnectorKind } from "../connector-kind.ts";

/** What the registry knows of the cassandra connector before loading it (see ConnectorKind). */
export const cassandraKind = {
  name: "cassandra",
  formats: ["cassandra"],
  aliases: ["org.apache.spark.sql.cassandra"],
  group: "database",
  readsTables: true,
} as const satisfies ConnectorKind;
