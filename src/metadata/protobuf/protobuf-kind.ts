import type { MetadataKind } from "../metadata-kind.ts";

/** What the registry knows of the protobuf reader before loading it (see MetadataKind). */
export const protobufKind = {
  kind: "protobuf",
  aliases: ["proto", "protobufSchema", "protobuf_schema"],
  locationOptions: ["schemaLocation", "protobufSchemaFile"],
} as const satisfies MetadataKind;
