import type { ConnectorKind } from "../connector-kind.ts";

/** What the registry knows of the http connector before loading it (see ConnectorKind). */
export const httpKind = { name: "http", formats: ["http"], group: "http" } as const satisfies ConnectorKind;
