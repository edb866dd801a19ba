import type { MetadataSource } from "../metadata-source.ts";
import { contractDocument } from "./contract-document.ts";
import { contractSteps } from "./contract-steps.ts";
import { dataContractKind } from "./datacontract-kind.ts";
import { dataContractTables } from "./datacontract-tables.ts";

/**
 * datacontract.yaml (the datacontract.com specification, Data Caterer's `dataContractCli`):
 * one step per model the step selects (`dataContractSchema`, else all), its fields as fields,
 * its quality entries as validations (contract-steps.ts).
 */
export const dataContractSource: MetadataSource = {
  ...dataContractKind,
  async read(r, docs) {
    const { value, scope } = await contractDocument(r, docs, dataContractSource, "data contract");
    const { tables, skipped } = dataContractTables(value, scope.where);
    const shapes = contractSteps(r, tables, scope);
    return shapes.map((s) => ({ ...s, skipped: [...skipped, ...(s.skipped ?? [])] }));
  },
};
