import type { MetadataSource } from "./metadata-source.ts";

/** What the registry knows of a metadata source without loading its reader. */
export type MetadataKind = Pick<MetadataSource, "kind" | "aliases" | "locationOptions">;

/**
 * Every metadata source's kind, in the registry's order: each reader spreads its own
 * (`...METADATA_KINDS.jsonSchema`), and its module (with the parsers behind it) loads only when
 * a step reads such a document.
 */
export const METADATA_KINDS = {
  jsonSchema: {
    kind: "jsonSchema",
    aliases: ["json_schema", "json-schema"],
    locationOptions: ["jsonSchemaFile", "schemaLocation"],
  },
  openApi: {
    kind: "openApi",
    aliases: ["openapi", "swagger", "open_api"],
    locationOptions: ["schemaLocation", "openApiSpec", "metadataSourceUrl"],
  },
  openDataContractStandard: {
    kind: "openDataContractStandard",
    aliases: ["odcs", "open_data_contract_standard"],
    locationOptions: ["dataContractFile", "schemaLocation"],
  },
  dataContractCli: {
    kind: "dataContractCli",
    aliases: ["datacontract", "data_contract_cli", "dataContract", "datacontract.yaml"],
    locationOptions: ["dataContractFile", "schemaLocation"],
  },
  greatExpectations: {
    kind: "greatExpectations",
    aliases: ["great_expectations", "ge", "gx"],
    locationOptions: ["expectationsFile"],
  },
  avro: {
    kind: "avro",
    aliases: ["avsc", "avroSchema", "avro_schema"],
    locationOptions: ["schemaLocation", "avroSchemaFile"],
  },
  protobuf: {
    kind: "protobuf",
    aliases: ["proto", "protobufSchema", "protobuf_schema"],
    locationOptions: ["schemaLocation", "protobufSchemaFile"],
  },
  confluentSchemaRegistry: {
    kind: "confluentSchemaRegistry",
    aliases: ["schemaRegistry", "confluent_schema_registry", "confluent"],
    locationOptions: ["metadataSourceUrl", "schema.registry.url", "schemaRegistryUrl"],
  },
} as const satisfies Record<string, MetadataKind>;
