import type { ResolvedStep } from "../config/resolve/resolved-plan.ts";
import { readFileOptions } from "../connectors/file/file-options.ts";
import { isRowforgeError, RowforgeError } from "../errors/index.ts";
import { findFormat } from "../formats/format-registry.ts";
import { isReferenceStep } from "../model/boolean-option.ts";

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
export const isReference = (r: ResolvedStep): boolean => isReferenceStep(r.step.options);

/**
 * Throws what would stop a step from being written: no fields (or fields from a metadata
 * source rowforge cannot read), a format it cannot write, bad output options. `run` checks
 * every step with it before the first byte is written; `validate` reports each step's.
 */
export function checkStepRunnable(r: ResolvedStep): void {
  const name = r.step.name;
  if (isReference(r)) return;
  if (r.step.fields.length === 0) {
    const source = METADATA_OPTIONS.find((k) => r.step.options[k] !== undefined);
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `step "${name}" has no fields${source ? `: its schema would come from the metadata source option ${source}, which rowforge does not read yet` : ""}`,
      { hint: "list the step's fields in the task" },
    );
  }
  const format = findFormat(r.format);
  if (!format) {
    throw new RowforgeError(
      "RF_FORMAT_UNKNOWN",
      `step "${name}" writes to "${r.format}", which this version of rowforge cannot write yet`,
      {
        hint: "file formats (json, csv, parquet, orc) are supported; database and broker connectors come later",
      },
    );
  }
  readFileOptions(name, r.step.options);
  try {
    format.checkOptions?.(r.step.options);
  } catch (e) {
    if (isRowforgeError(e)) throw new RowforgeError(e.code, `step "${name}": ${e.message}`, { hint: e.hint });
    throw e;
  }
}
