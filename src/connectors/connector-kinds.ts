import { formatNames } from "../formats/format-registry.ts";
import type { Connector } from "./connector.ts";

/**
 * What the registry knows of a connector without loading it: the names it serves, the group of
 * its connection types, and whether it reads a database's tables. Each connector declares these
 * by spreading its kind (`...CONNECTOR_KINDS.postgres`); its module (and the client package
 * behind it) loads only when a plan, a connection or a check needs it.
 */
export interface ConnectorKind
  extends Pick<Connector, "name" | "formats" | "aliases" | "jdbcWords" | "group"> {
  /** It reads a database's tables: its connector has describe and listTables. */
  readonly readsTables?: true;
}

/** Every connector's kind, by connector name, in the order the registry lists them. */
export const CONNECTOR_KINDS = {
  file: { name: "file", formats: formatNames(), group: "file" },
  postgres: {
    name: "postgres",
    formats: ["postgres"],
    aliases: ["postgresql"],
    jdbcWords: ["postgres"],
    group: "database",
    readsTables: true,
  },
  mysql: {
    name: "mysql",
    formats: ["mysql"],
    aliases: ["mariadb"],
    jdbcWords: ["mysql", "mariadb"],
    group: "database",
    readsTables: true,
  },
  cassandra: {
    name: "cassandra",
    formats: ["cassandra"],
    aliases: ["org.apache.spark.sql.cassandra"],
    group: "database",
    readsTables: true,
  },
  http: { name: "http", formats: ["http"], group: "http" },
  kafka: { name: "kafka", formats: ["kafka"], group: "messaging" },
  rabbitmq: { name: "rabbitmq", formats: ["rabbitmq", "jms"], group: "messaging" },
  mqtt: { name: "mqtt", formats: ["mqtt"], group: "messaging" },
  nats: { name: "nats", formats: ["nats"], group: "messaging" },
} as const satisfies Record<string, ConnectorKind>;
