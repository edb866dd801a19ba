import type { ColumnNeed } from "../connectors/connector.ts";
import type { SqlValue } from "../engine/index.ts";
import type { BatchRows } from "./batch-rows.ts";
import { type Check, type CheckOutcome, Sample } from "./check.ts";
import type { RowPredicate } from "./row-predicate.ts";
import { FALSE, UNSURE } from "./vector-node.ts";
import type { VectorPredicate } from "./vector-predicate.ts";

/** A test of one row: true (or why, kept with the sampled record as `_error`) when the row fails. */
export type RowFails = (rows: BatchRows, row: number) => boolean | string;

/** A check of each record on its own (streaming): counts records and failures, keeps a sample. */
export class RowCheck implements Check {
  readonly kind: string;
  readonly description: string;
  readonly errorThreshold?: number;
  readonly reads?: readonly ColumnNeed[];
  private readonly fails: RowFails;
  /** The same test over whole Arrow batches, when its shape allows (rows it is unsure of go to `fails`). */
  private readonly vector: VectorPredicate | undefined;
  private readonly sample: Sample;
  private records = 0;
  private failed = 0;
  private errorNote: string | undefined;
  constructor(
    kind: string,
    description: string,
    errorThreshold: number | undefined,
    fails: RowFails,
    sampleRecords: number,
    vector?: VectorPredicate,
    reads?: readonly ColumnNeed[],
  ) {
    this.kind = kind;
    if (reads !== undefined) this.reads = reads;
    this.description = description;
    if (errorThreshold !== undefined) this.errorThreshold = errorThreshold;
    this.fails = fails;
    this.vector = vector;
    this.sample = new Sample(sampleRecords);
  }
  consume(rows: BatchRows, index: Uint32Array, count: number): void {
    this.records += count;
    const states = this.vector?.evaluate(rows);
    if (states) {
      // Every row of the batch looked at and none false or unsure (the usual batch): nothing to visit.
      if (count === rows.length && noneNeedsALook(states, count)) return;
      for (let k = 0; k < count; k++) {
        const i = index[k]!;
        const st = states[i]!;
        if (st === FALSE) this.fail(rows, i);
        else if (st === UNSURE) {
          const bad = this.failsRow(rows, i);
          if (bad) this.fail(rows, i, typeof bad === "string" ? bad : undefined);
        }
      }
      return;
    }
    for (let k = 0; k < count; k++) {
      const i = index[k]!;
      const bad = this.failsRow(rows, i);
      if (bad) this.fail(rows, i, typeof bad === "string" ? bad : undefined);
    }
  }
  private failsRow(rows: BatchRows, i: number): boolean | string {
    try {
      return this.fails(rows, i);
    } catch (e) {
      // An expression that cannot be evaluated on a record (a cast of bad text) fails that record.
      this.errorNote ??= `some records could not be evaluated: ${e instanceof Error ? e.message : String(e)}`;
      return true;
    }
  }
  private fail(rows: BatchRows, i: number, why?: string): void {
    this.failed++;
    if (!this.sample.full)
      this.sample.add(why === undefined ? rows.record(i) : { ...rows.record(i), _error: why });
  }
  finish(): CheckOutcome {
    return {
      records: this.records,
      failed: this.failed,
      unit: "rows",
      sample: this.sample.records,
      ...(this.errorNote ? { note: this.errorNote } : {}),
    };
  }
}

/** Whether no state of the first `count` is FALSE or UNSURE (searched natively, not row by row). */
function noneNeedsALook(states: Uint8Array, count: number): boolean {
  const head = states.length === count ? states : states.subarray(0, count);
  return head.indexOf(FALSE) < 0 && head.indexOf(UNSURE) < 0;
}

/**
 * Fills `values` with the fields a predicate reads for row i, from columns decoded (in the
 * shapes it needs) once per batch.
 */
export function rowFiller(
  p: RowPredicate,
  width: number,
): { values: SqlValue[]; fill: (rows: BatchRows, i: number) => void } {
  const values: SqlValue[] = new Array(width).fill(null);
  const reads = p.reads;
  let last: BatchRows | undefined;
  let columns: (readonly SqlValue[])[] = [];
  return {
    values,
    fill(rows, i) {
      if (rows !== last) {
        last = rows;
        columns = reads.map((slot, r) => rows.column(slot, p.shapes[r]!.shape, p.shapes[r]!.key));
      }
      for (let r = 0; r < reads.length; r++) values[reads[r]!] = columns[r]![i] ?? null;
    },
  };
}

/** A row fails a predicate when it evaluates to false (NULL is not a failure, as in Spark's where(!(expr))). */
export function failsPredicate(p: RowPredicate, width: number): RowFails {
  const { values, fill } = rowFiller(p, width);
  return (rows, i) => {
    fill(rows, i);
    return p.evaluate(values) === false;
  };
}

/** Rows a preFilterExpr keeps: those where it is true. */
export function keptBy(p: RowPredicate, width: number): (rows: BatchRows, i: number) => boolean {
  const { values, fill } = rowFiller(p, width);
  return (rows, i) => {
    fill(rows, i);
    return p.evaluate(values) === true;
  };
}
