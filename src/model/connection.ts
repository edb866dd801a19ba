import Type, { type Static } from "typebox";
import type { Immutable } from "./immutable.ts";
import { StringMap } from "./scalars.ts";

export const CONNECTION_SOURCES = ["config", "api", "plan"] as const;

/** A named data-source connection. `type` is the format (json, postgres, kafka, ...). */
export const Connection = Type.Object({
  name: Type.String({ minLength: 1 }),
  type: Type.String({ minLength: 1 }),
  groupType: Type.String(),
  options: StringMap,
  /** Where it came from: the application configuration, the API store, or a unified plan file. */
  source: Type.Optional(Type.Enum(CONNECTION_SOURCES)),
});
export type Connection = Immutable<Static<typeof Connection>>;
export type ConnectionSource = (typeof CONNECTION_SOURCES)[number];

/** The group of each connection type: file, database, messaging, http or metadata. */
export const CONNECTION_GROUPS: Readonly<Record<string, string>> = {
  json: "file",
  csv: "file",
  parquet: "file",
  orc: "file",
  delta: "file",
  iceberg: "file",
  hudi: "file",
  xml: "file",
  text: "file",
  postgres: "database",
  postgresql: "database",
  mysql: "database",
  mariadb: "database",
  jdbc: "database",
  cassandra: "database",
  "org.apache.spark.sql.cassandra": "database",
  bigquery: "database",
  kafka: "messaging",
  jms: "messaging",
  solace: "messaging",
  rabbitmq: "messaging",
  nats: "messaging",
  mqtt: "messaging",
  http: "http",
  openApi: "metadata",
  openMetadata: "metadata",
  marquez: "metadata",
  greatExpectations: "metadata",
  openDataContractStandard: "metadata",
  dataContractCli: "metadata",
  jsonSchema: "metadata",
  confluentSchemaRegistry: "metadata",
  slack: "alert",
};

export const connectionGroupOf = (type: string): string => CONNECTION_GROUPS[type] ?? "dataSource";
