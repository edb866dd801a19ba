import { RowforgeError } from "../../../errors/index.ts";
import type { ResolvedStep } from "../../../model/resolved-plan.ts";
import type { SchemaScope } from "../json-schema/resolve-schema.ts";
import type { MetadataDocuments } from "../metadata-source.ts";

/** The contract document a step names (`dataContractFile`), with the scope its messages use. */
export async function contractDocument(
  r: ResolvedStep,
  docs: MetadataDocuments,
  kind: string,
  label: string,
): Promise<{ value: unknown; scope: SchemaScope }> {
  const location = r.step.options.dataContractFile ?? r.step.options.schemaLocation;
  const where = `step "${r.step.name}"`;
  if (location === undefined)
    throw new RowforgeError(
      "RF_KEY_MISSING",
      `${where} has metadataSourceType ${kind} but no dataContractFile`,
      {
        hint: "add the step option dataContractFile: <path of the contract file>",
      },
    );
  const doc = await docs.read(location, where);
  return { value: doc.value, scope: { root: doc.value, where: `${where}: ${label} ${doc.path}` } };
}
