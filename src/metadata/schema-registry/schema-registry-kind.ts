import type { MetadataKind } from "../metadata-kind.ts";

/** What the registry knows of the confluentSchemaRegistry reader before loading it (see MetadataKind). */
export const schemaRegistryKind = {
  kind: "confluentSchemaRegistry",
  aliases: ["schemaRegistry", "confluent_schema_registry", "confluent"],
  locationOptions: ["metadataSourceUrl", "schema.registry.url", "schemaRegistryUrl"],
} as const satisfies MetadataKind;
