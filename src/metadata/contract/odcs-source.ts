import type { MetadataSource } from "../metadata-source.ts";
import { contractDocument } from "./contract-document.ts";
import { contractSteps } from "./contract-steps.ts";
import { odcsKind } from "./odcs-kind.ts";
import { odcsTables } from "./odcs-tables.ts";

/**
 * Open Data Contract Standard v2 and v3 (`dataContractFile`): one step per table the step
 * selects (`dataContractSchema`, else all), its columns as fields, its quality rules as
 * validations (contract-steps.ts).
 */
export const odcsSource: MetadataSource = {
  ...odcsKind,
  async read(r, docs) {
    const { value, scope } = await contractDocument(r, docs, odcsSource, "ODCS contract");
    return contractSteps(r, odcsTables(value, scope.where), scope);
  },
};
