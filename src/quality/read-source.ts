import type { ReadBackRequest } from "../connectors/connector.ts";
import type { ResolvedStep } from "../model/resolved-plan.ts";
import { fieldsOf } from "./arrow-values.ts";
import { BatchRows } from "./batch-rows.ts";
import { keptBy } from "./row-check.ts";
import { compilePredicate } from "./row-predicate.ts";
import type { RowSource } from "./row-source.ts";

/** Whether a source holds at least one row where `expr` is true (a dataExists wait): stops reading at the first. */
export async function sourceHasRow(
  source: RowSource,
  step: ResolvedStep,
  expr: string,
  nowMicros: number,
  request: Omit<ReadBackRequest, "batchRows">,
): Promise<boolean> {
  const read = await source.open(step, { ...request, batchRows: 8192 });
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
