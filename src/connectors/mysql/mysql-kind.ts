import type { ConnectorKind } from "../connector-kind.ts";

/** What the registry knows of the mysql connector before loading it (see ConnectorKind). */
export const mysqlKind = {
  name: "mysql",
  formats: ["mysql"],
  aliases: ["mariadb"],
  jdbcWords: ["mysql", "mariadb"],
  group: "database",
  readsTables: true,
} as const satisfies ConnectorKind;
