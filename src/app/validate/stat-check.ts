import type { SqlValue } from "../../engine/index.ts";
import type { DataType } from "../../model/data-type.ts";
import { type BatchRows, jsonSafe } from "./batch-rows.ts";
import type { Check, CheckLimits, CheckOutcome } from "./check.ts";

/** Statistics over all values of one field, each checked once at the end. */
export type StatKind =
  | "max"
  | "min"
  | "mean"
  | "median"
  | "stdDev"
  | "sum"
  | "distinctInSet"
  | "distinctContainsSet"
  | "distinctEqual"
  | "mostCommonValueInSet"
  | "uniqueValuesProportion"
  | "quantiles";

export interface StatSpec {
  readonly stat: StatKind;
  readonly description: string;
  readonly errorThreshold?: number;
  readonly field: string;
  readonly min?: number;
  readonly max?: number;
  readonly values?: readonly unknown[];
  /** quantile → [min, max] */
  readonly quantileRanges?: readonly (readonly [number, number, number])[];
  readonly negate: boolean;
}

const NEEDS_VALUES = new Set<StatKind>(["median", "quantiles"]);
const NEEDS_DISTINCT = new Set<StatKind>([
  "distinctInSet",
  "distinctContainsSet",
  "distinctEqual",
  "mostCommonValueInSet",
  "uniqueValuesProportion",
]);

/** The text a value is compared with a set by (Data Caterer compares the values as text). */
const textOf = (v: SqlValue, t: DataType): string => {
  const j = jsonSafe(v, t);
  return typeof j === "string" ? j : JSON.stringify(j);
};

/**
 * An aggregate field check (Data Caterer's maxBetween, meanBetween, distinctInSet, ...): one
 * result for the whole data, 1 record checked. Distinct values are counted in a Map of at most
 * `maxGroups` entries and medians and quantiles use at most `maxValues` values (the first
 * ones); past either bound the result says it is partial.
 */
export class StatCheck implements Check {
  readonly kind = "field";
  readonly description: string;
  readonly errorThreshold?: number;
  private readonly spec: StatSpec;
  private readonly get: (rows: BatchRows, row: number) => SqlValue;
  private readonly type: DataType;
  private readonly limits: CheckLimits;
  private n = 0;
  private rows = 0;
  private sum = 0;
  private sumSq = 0;
  private min = Number.POSITIVE_INFINITY;
  private max = Number.NEGATIVE_INFINITY;
  private values: Float64Array = new Float64Array(1024);
  private kept = 0;
  private readonly distinct = new Map<string, number>();
  private over = false;

  constructor(
    spec: StatSpec,
    get: (rows: BatchRows, row: number) => SqlValue,
    type: DataType,
    limits: CheckLimits,
  ) {
    this.spec = spec;
    this.description = spec.description;
    if (spec.errorThreshold !== undefined) this.errorThreshold = spec.errorThreshold;
    this.get = get;
    this.type = type;
    this.limits = limits;
  }

  consume(rows: BatchRows, index: Uint32Array, count: number): void {
    const stat = this.spec.stat;
    const numeric = !NEEDS_DISTINCT.has(stat);
    this.rows += count;
    for (let k = 0; k < count; k++) {
      const v = this.get(rows, index[k]!);
      if (numeric) {
        if (v === null) continue;
        const x =
          this.type.kind === "decimal" ? Number(v as bigint) / 10 ** this.type.scale : Number(v as number);
        if (Number.isNaN(x)) continue;
        this.n++;
        this.sum += x;
        this.sumSq += x * x;
        if (x < this.min) this.min = x;
        if (x > this.max) this.max = x;
        if (NEEDS_VALUES.has(stat)) this.keep(x);
      } else {
        if (v === null) continue;
        this.n++;
        const key = textOf(v, this.type);
        const c = this.distinct.get(key);
        if (c !== undefined) this.distinct.set(key, c + 1);
        else if (this.distinct.size < this.limits.maxGroups) this.distinct.set(key, 1);
        else this.over = true;
      }
    }
  }

  private keep(x: number): void {
    if (this.kept >= this.limits.maxValues) {
      this.over = true;
      return;
    }
    if (this.kept === this.values.length) {
      const grown = new Float64Array(Math.min(this.limits.maxValues, this.values.length * 2));
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.kept++] = x;
  }

  private quantile(sorted: Float64Array, q: number): number {
    // Spark's percentile: linear interpolation between the closest ranks.
    if (sorted.length === 0) return Number.NaN;
    const pos = q * (sorted.length - 1);
    const lo = Math.floor(pos);
    const hi = Math.ceil(pos);
    return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
  }

  finish(): CheckOutcome {
    const s = this.spec;
    const between = (x: number) =>
      x >= (s.min ?? Number.NEGATIVE_INFINITY) && x <= (s.max ?? Number.POSITIVE_INFINITY);
    const set = new Set((s.values ?? []).map((v) => (typeof v === "string" ? v : JSON.stringify(v))));
    let ok: boolean;
    let found: Record<string, unknown>;
    const sorted = () => this.values.slice(0, this.kept).sort();
    switch (s.stat) {
      case "max":
      case "min":
      case "sum":
      case "mean":
      case "stdDev":
      case "median": {
        const value =
          this.n === 0
            ? Number.NaN
            : s.stat === "max"
              ? this.max
              : s.stat === "min"
                ? this.min
                : s.stat === "sum"
                  ? this.sum
                  : s.stat === "mean"
                    ? this.sum / this.n
                    : s.stat === "stdDev"
                      ? this.n < 2
                        ? Number.NaN
                        : Math.sqrt(Math.max(0, (this.sumSq - (this.sum * this.sum) / this.n) / (this.n - 1)))
                      : this.quantile(sorted(), 0.5);
        ok = !Number.isNaN(value) && between(value);
        found = { [s.stat]: Number.isNaN(value) ? null : value };
        break;
      }
      case "quantiles": {
        const all = sorted();
        found = {};
        ok = true;
        for (const [q, lo, hi] of s.quantileRanges ?? []) {
          const v = this.quantile(all, q);
          found[`quantile ${q}`] = Number.isNaN(v) ? null : v;
          if (Number.isNaN(v) || v < lo || v > hi) ok = false;
        }
        break;
      }
      case "distinctInSet":
        ok = [...this.distinct.keys()].every((k) => set.has(k));
        found = { distinct: [...this.distinct.keys()].filter((k) => !set.has(k)).slice(0, 20) };
        break;
      case "distinctContainsSet":
        ok = [...set].every((k) => this.distinct.has(k));
        found = { missing: [...set].filter((k) => !this.distinct.has(k)) };
        break;
      case "distinctEqual":
        ok = this.distinct.size === set.size && [...set].every((k) => this.distinct.has(k));
        found = { distinct: [...this.distinct.keys()].slice(0, 20) };
        break;
      case "mostCommonValueInSet": {
        let best: string | undefined;
        let bestCount = -1;
        for (const [k, c] of this.distinct) {
          if (c > bestCount) {
            best = k;
            bestCount = c;
          }
        }
        ok = best !== undefined && set.has(best);
        found = { mostCommon: best ?? null, count: Math.max(bestCount, 0) };
        break;
      }
      case "uniqueValuesProportion": {
        const p = this.rows === 0 ? Number.NaN : this.distinct.size / this.rows;
        ok = !Number.isNaN(p) && between(p);
        found = { proportion: Number.isNaN(p) ? null : p };
        break;
      }
    }
    if (s.negate) ok = !ok;
    return {
      records: 1,
      failed: ok ? 0 : 1,
      unit: "aggregate",
      success: ok,
      sample: ok ? [] : [found],
      ...(this.over
        ? {
            note:
              s.stat === "median" || s.stat === "quantiles"
                ? `computed from the first ${this.limits.maxValues.toLocaleString("en-US")} values only`
                : `more than ${this.limits.maxGroups.toLocaleString("en-US")} distinct values: further ones were not counted, so the result is partial`,
          }
        : {}),
    };
  }
}
