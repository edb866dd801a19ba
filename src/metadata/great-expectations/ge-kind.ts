import type { MetadataKind } from "../metadata-kind.ts";

/** What the registry knows of the greatExpectations reader before loading it (see MetadataKind). */
export const greatExpectationsKind = {
  kind: "greatExpectations",
  aliases: ["great_expectations", "ge", "gx"],
  locationOptions: ["expectationsFile"],
} as const satisfies MetadataKind;
