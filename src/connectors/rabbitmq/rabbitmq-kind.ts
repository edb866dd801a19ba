import type { ConnectorKind } from "../connector-kind.ts";

/** What the registry knows of the rabbitmq connector before loading it (see ConnectorKind). */
export const rabbitmqKind = {
  name: "rabbitmq",
  formats: ["rabbitmq", "jms"],
  group: "messaging",
} as const satisfies ConnectorKind;
