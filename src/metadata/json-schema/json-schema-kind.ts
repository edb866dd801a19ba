import type { MetadataKind } from "../metadata-kind.ts";

/** What the registry knows of the jsonSchema reader before loading it (see MetadataKind). */
export const jsonSchemaKind = {
  kind: "jsonSchema",
  aliases: ["json_schema", "json-schema"],
  locationOptions: ["jsonSchemaFile", "schemaLocation"],
} as const satisfies MetadataKind;
