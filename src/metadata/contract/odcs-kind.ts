import type { MetadataKind } from "../metadata-kind.ts";

/** What the registry knows of the openDataContractStandard reader before loading it (see MetadataKind). */
export const odcsKind = {
  kind: "openDataContractStandard",
  aliases: ["odcs", "open_data_contract_standard"],
  locationOptions: ["dataContractFile", "schemaLocation"],
} as const satisfies MetadataKind;
