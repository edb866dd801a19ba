import type { ColumnNeed } from "../connectors/connector.ts";
import type { BatchRows, ReadField } from "./batch-rows.ts";
import type { Check, CheckOutcome } from "./check.ts";
import { allNeeds, predicateNeeds } from "./column-needs.ts";
import { keptBy } from "./row-check.ts";
import type { RowPredicate } from "./row-predicate.ts";

/** A check that sees only the rows its validation's preFilterExpr keeps (where it is true). */
export class PreFiltered implements Check {
  readonly kind: string;
  readonly description: string;
  readonly errorThreshold?: number;
  readonly reads?: readonly ColumnNeed[];
  private readonly inner: Check;
  private readonly keep: (rows: BatchRows, i: number) => boolean;
  private kept = new Uint32Array(0);
  constructor(inner: Check, filter: RowPredicate, fields: readonly ReadField[]) {
    this.inner = inner;
    this.kind = inner.kind;
    this.description = `${inner.description} (where ${filter.text})`;
    if (inner.errorThreshold !== undefined) this.errorThreshold = inner.errorThreshold;
    this.keep = keptBy(filter, fields.length);
    const reads = allNeeds([inner.reads, predicateNeeds(filter, fields)]);
    if (reads !== undefined) this.reads = reads;
  }
  consume(rows: BatchRows, index: Uint32Array, count: number): void {
    if (this.kept.length < count) this.kept = new Uint32Array(count);
    let n = 0;
    for (let k = 0; k < count; k++) if (this.keep(rows, index[k]!)) this.kept[n++] = index[k]!;
    this.inner.consume(rows, this.kept, n);
  }
  dispose(): void {
    this.inner.dispose?.();
  }
  finish(): CheckOutcome {
    return this.inner.finish();
  }
}
