import type { ConnectorKind } from "../connector-kind.ts";

/** What the registry knows of the nats connector before loading it (see ConnectorKind). */
export const natsKind = {
  name: "nats",
  formats: ["nats"],
  group: "messaging",
} as const satisfies ConnectorKind;
