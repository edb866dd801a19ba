import { connectorFor } from "../../connectors/registry.ts";
import { RowforgeError } from "../../errors/index.ts";
import { isReferenceStep } from "../../model/boolean-option.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";

/** Step options of metadata sources that would supply a step's fields. */
const METADATA_OPTIONS = [
  "metadataSourceType",
  "jsonSchemaFile",
  "schemaLocation",
  "dataContractFile",
  "expectationsFile",
  "openApiSpec",
];

/** Reference data is read, never generated or written (enableReferenceMode, enableDataGeneration false). */
export const isReference = (r: ResolvedStep): boolean => isReferenceStep(r);

/**
 * Throws what would stop a step from being written: no fields (or fields from a metadata
 * source rowforge cannot read), a format no connector writes, options its connector refuses. `run` checks
 * every step with it before the first byte is written; `validate` reports each step's.
 */
export function checkStepRunnable(r: ResolvedStep): void {
  const name = r.step.name;
  if (isReference(r)) return;
  if (r.step.fields.length === 0) {
    const source = METADATA_OPTIONS.find((k) => r.step.options[k] !== undefined);
    throw new RowforgeError(
      "RF_KEY_MISSING",
      `step "${name}" has no fields${source ? `: its schema would come from the metadata source option ${source}, which rowforge does not read yet` : ""}`,
      { hint: "list the step's fields in the task" },
    );
  }
  connectorFor(r).check(r);
}
