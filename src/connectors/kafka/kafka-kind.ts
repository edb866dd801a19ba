import type { ConnectorKind } from "../connector-kind.ts";

/** What the registry knows of the kafka connector before loading it (see ConnectorKind). */
export const kafkaKind = {
  name: "kafka",
  formats: ["kafka"],
  group: "messaging",
} as const satisfies ConnectorKind;
