import { missingConnection } from "../../connectors/missing-connection.ts";
import { connectorFor } from "../../connectors/registry.ts";
import { RowforgeError } from "../../errors/index.ts";
import { metadataSourceOf } from "../../metadata/index.ts";
import { isReferenceStep } from "../../model/boolean-option.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";

/** Reference data is read, never generated or written (enableReferenceMode, enableDataGeneration false). */
export const isReference = (r: ResolvedStep): boolean => isReferenceStep(r);

/**
 * Throws what would stop a step from being written: no fields (or fields from a metadata
 * source rowforge cannot read), no connection where one is needed (RF_CONNECTION_MISSING), a format
 * no connector writes, options its connector refuses. `run` checks every step with it before the
 * first byte is written; `validate` reports each step's.
 */
export async function checkStepRunnable(r: ResolvedStep): Promise<void> {
  const name = r.step.name;
  if (isReference(r)) return;
  // First: a database step with no connection has no fields either (its table was not read).
  const unbound = await missingConnection(r);
  if (unbound) throw unbound;
  // A document may describe no fields (an OpenAPI operation sent as its method and path alone).
  if (r.step.fields.length === 0 && r.fieldsFrom === undefined) {
    // A metadata source rowforge does not read is refused naming the ones it reads.
    const source = metadataSourceOf(r);
    throw new RowforgeError(
      "RF_KEY_MISSING",
      `step "${name}" has no fields${source ? ` (its ${source.kind} source was not read)` : ""}`,
      {
        hint: "list the step's fields in the task, or name a metadata source (metadataSourceType: jsonSchema or openApi)",
      },
    );
  }
  (await connectorFor(r)).check(r);
}
