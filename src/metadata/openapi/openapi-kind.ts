import type { MetadataKind } from "../metadata-kind.ts";

/** What the registry knows of the openApi reader before loading it (see MetadataKind). */
export const openApiKind = {
  kind: "openApi",
  aliases: ["openapi", "swagger", "open_api"],
  locationOptions: ["schemaLocation", "openApiSpec", "metadataSourceUrl"],
} as const satisfies MetadataKind;
