import { formatNames } from "../../formats/format-registry.ts";
import type { ConnectorKind } from "../connector-kind.ts";

/** What the registry knows of the file connector before loading it (see ConnectorKind). */
export const fileKind = {
  name: "file",
  formats: formatNames(),
  group: "file",
} as const satisfies ConnectorKind;
