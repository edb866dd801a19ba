import type { ColumnNeed } from "../connectors/connector.ts";
import type { BatchRows } from "./batch-rows.ts";
import type { CheckedUnit } from "./validation-result.ts";

/** What a check found once every batch was seen. */
export interface CheckOutcome {
  readonly records: number;
  readonly failed: number;
  readonly unit: CheckedUnit;
  readonly sample: readonly Readonly<Record<string, unknown>>[];
  /** Pass or fail decided by the check itself (field names, aggregates); else by the errorThreshold. */
  readonly success?: boolean;
  readonly note?: string;
  /** Facts about how the result was computed (a group-by that spilled: `{spilled: true, partitions}`). */
  readonly details?: Readonly<Record<string, unknown>>;
}

/**
 * One validation compiled against the fields of its data: fed every batch in order (only the
 * rows its preFilterExpr keeps), then asked for its outcome. Checks keep bounded state.
 */
export interface Check {
  readonly kind: string;
  readonly description: string;
  readonly errorThreshold?: number;
  /**
   * The columns the check reads (a source may then decode only those); undefined when it reads
   * whole records. A sampled failing record holds every field: a check that samples one from
   * batches of only some columns has the source read again whole (run-validations.ts).
   */
  readonly reads?: readonly ColumnNeed[];
  /** Looks at rows `index[0..count)` of a batch. */
  consume(rows: BatchRows, index: Uint32Array, count: number): void;
  finish(): CheckOutcome;
  /** Releases what the check holds outside memory (spill files) when it will not be finished (a read failed). */
  dispose?(): void;
}

/** What compiling checks needs to know. */
export interface CheckLimits {
  /** Failing records kept as a sample (Data Caterer's numSampleErrorRecords; default 5). */
  readonly sampleRecords: number;
  /**
   * Distinct groups held in memory: past it a group-by (unique, distinct-value checks) spills
   * its groups to temporary files and stays exact; an upstream joined on an `expr:` condition
   * stops there and says its result is partial.
   */
  readonly maxGroups: number;
  /** Where spill files and read-back spools go (a folder of their own inside it); the system's temp folder by default. */
  readonly spillDir?: string;
  /** The rows the data holds, when known before reading (Parquet): checks may size their tables for them. */
  readonly expectedRows?: number;
  /**
   * Values held in memory for a median or quantiles; past it they spill to a temporary file and
   * the result stays exact (exact-quantiles.ts), said in `details: {spilled: true, passes}`.
   */
  readonly maxValues: number;
  /** The reference time of current_date() in expressions. */
  readonly nowMicros: number;
}

export const DEFAULT_CHECK_LIMITS: CheckLimits = {
  sampleRecords: 5,
  maxGroups: 1_000_000,
  maxValues: 5_000_000,
  nowMicros: 0,
};

/** Keeps up to `max` failing records. */
export class Sample {
  readonly records: Record<string, unknown>[] = [];
  private readonly max: number;
  constructor(max: number) {
    this.max = max;
  }
  get full(): boolean {
    return this.records.length >= this.max;
  }
  add(record: Record<string, unknown>): void {
    if (!this.full) this.records.push(record);
  }
}
