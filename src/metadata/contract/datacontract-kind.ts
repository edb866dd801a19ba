import type { MetadataKind } from "../metadata-kind.ts";

/** What the registry knows of the dataContractCli reader before loading it (see MetadataKind). */
export const dataContractKind = {
  kind: "dataContractCli",
  aliases: ["datacontract", "data_contract_cli", "dataContract", "datacontract.yaml"],
  locationOptions: ["dataContractFile", "schemaLocation"],
} as const satisfies MetadataKind;
