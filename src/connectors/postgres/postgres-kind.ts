import type { ConnectorKind } from "../connector-kind.ts";

/** What the registry knows of the postgres connector before loading it (see ConnectorKind). */
export const postgresKind = {
  name: "postgres",
  formats: ["postgres"],
  aliases: ["postgresql"],
  jdbcWords: ["postgres"],
  group: "database",
  readsTables: true,
} as const satisfies ConnectorKind;
