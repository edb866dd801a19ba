import type { ReadBack, ReadBackRequest } from "../connectors/connector.ts";
import { connectorFor } from "../connectors/registry.ts";
import { RowforgeError } from "../errors/index.ts";
import type { ResolvedStep } from "../model/resolved-plan.ts";
import { fieldsOf } from "./arrow-values.ts";
import { BatchRows } from "./batch-rows.ts";
import { keptBy } from "./row-check.ts";
import { compilePredicate } from "./row-predicate.ts";

/**
 * Opens a data source to read it back through its connector, or RF_VALIDATION_SOURCE_UNKNOWN
 * when it cannot be read. What the reading spools goes under the request's `scratchDir` (the run's) when given.
 */
export async function openSource(step: ResolvedStep, request: ReadBackRequest): Promise<ReadBack> {
  const connector = connectorFor(step, "validating");
  if (!connector.readBack) {
    throw new RowforgeError(
      "RF_VALIDATION_SOURCE_UNKNOWN",
      `validations of "${step.dataSourceName}" read ${step.format} data, which rowforge cannot read back yet`,
    );
  }
  return connector.readBack(step, request);
}

/** Whether a source holds at least one row where `expr` is true (a dataExists wait): stops reading at the first. */
export async function sourceHasRow(
  step: ResolvedStep,
  expr: string,
  nowMicros: number,
  request: Omit<ReadBackRequest, "batchRows">,
): Promise<boolean> {
  const read = await openSource(step, { ...request, batchRows: 8192 });
  try {
    const fields = fieldsOf(read);
    const keep = keptBy(compilePredicate(expr, fields, { nowMicros }, "the dataExists expr"), fields.length);
    for await (const batch of read.batches) {
      const rows = BatchRows.ofArrow(fields, batch);
      for (let i = 0; i < rows.length; i++) if (keep(rows, i)) return true;
    }
    return false;
  } finally {
    await read.close();
  }
}
