import type { MetadataKind } from "../metadata-kind.ts";

/** What the registry knows of the avro reader before loading it (see MetadataKind). */
export const avroKind = {
  kind: "avro",
  aliases: ["avsc", "avroSchema", "avro_schema"],
  locationOptions: ["schemaLocation", "avroSchemaFile"],
} as const satisfies MetadataKind;
