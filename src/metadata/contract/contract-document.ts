import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { SchemaScope } from "../json-schema/schema-types.ts";
import type { MetadataDocuments, MetadataSource } from "../metadata-source.ts";
import { stepLocation } from "../step-location.ts";

/** The contract document a step names (`dataContractFile`), with the scope its messages use. */
export async function contractDocument(
  r: ResolvedStep,
  docs: MetadataDocuments,
  source: Pick<MetadataSource, "kind" | "locationOptions">,
  label: string,
): Promise<{ value: unknown; scope: SchemaScope }> {
  const { location, where } = stepLocation(r, source, "path of the contract file");
  const doc = await docs.read(location, where);
  return { value: doc.value, scope: { root: doc.value, where: `${where}: ${label} ${doc.path}` } };
}
