import type { ConnectorKind } from "../connector-kind.ts";

/** What the registry knows of the mqtt connector before loading it (see ConnectorKind). */
export const mqttKind = {
  name: "mqtt",
  formats: ["mqtt"],
  group: "messaging",
} as const satisfies ConnectorKind;
