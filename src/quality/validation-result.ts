/** What was counted for a validation: rows, groups (group-by), field names, or one aggregate value. */
export type CheckedUnit = "rows" | "groups" | "fields" | "aggregate";

/** The outcome of one validation (one field check counts as one validation, as in Data Caterer). */
export interface ValidationResult {
  /** The validation file (or `unified_validations`) it comes from. */
  readonly name: string;
  /** The data source (connection) name it reads. */
  readonly dataSource: string;
  /** Where the rows were read from (`json /abs/path`, a table). */
  readonly source: string;
  /** The user's description, else what the check says (`amount between 1 and 100`). */
  readonly description: string;
  /** expression, field, groupBy, fieldNames, upstream, metric. */
  readonly kind: string;
  readonly success: boolean;
  /** Records (or groups, field names) checked; after preFilterExpr. */
  readonly records: number;
  /** Of those, the ones failing the check. */
  readonly failed: number;
  readonly unit: CheckedUnit;
  /** As written: at least 1 is a count of failures allowed, below 1 a fraction of `records`. */
  readonly errorThreshold?: number;
  /** Up to `numSampleErrorRecords` (default 5) failing records, JSON-safe. */
  readonly sample: readonly Readonly<Record<string, unknown>>[];
  readonly seconds: number;
  /** What the result should be read with: a bound reached (an approximate result), a seam not built. */
  readonly note?: string;
  /** Facts about how it was computed: a group-by or unique that spilled to disk has `{spilled: true, partitions}`. */
  readonly details?: Readonly<Record<string, unknown>>;
  /** Set when the validation could not run at all (data missing, unreadable): it failed. */
  readonly error?: { readonly code: string; readonly message: string };
}

/** Data Caterer's summary row of a validation: [name, description, "✅"/"❌", "<ok>/<total> (<pct>%)"]. */
export function summaryRow(r: ValidationResult): [string, string, string, string] {
  const ok = r.records - r.failed;
  const pct = r.records === 0 ? 100 : Math.round((ok / r.records) * 10000) / 100;
  return [r.name, r.description, r.success ? "✅" : "❌", `${ok}/${r.records} (${pct}%)`];
}
