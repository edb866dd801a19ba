import type { ColumnNeed } from "../connectors/connector.ts";
import type { SqlValue } from "../engine/index.ts";
import type { DataType } from "../model/data-type.ts";
import { type BatchRows, jsonSafe } from "./batch-rows.ts";
import type { Check, CheckLimits, CheckOutcome } from "./check.ts";
import { DistinctValues } from "./distinct-values.ts";
import { ExactQuantiles } from "./exact-quantiles.ts";
import {
  categoricalDivergence,
  continuousDivergence,
  type KlHoldout,
  type KlPartition,
} from "./kl-divergence.ts";

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
  | "uniqueValueCount"
  | "klDivergence"
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
  /** uniqueValuesProportion over the non-null values (Great Expectations'), 0 when there are none. */
  readonly excludeNulls?: boolean;
  /** klDivergence: the expected partition and holdouts; `max` is the threshold. */
  readonly partition?: KlPartition;
  readonly holdout?: KlHoldout;
  readonly negate: boolean;
}

const NEEDS_VALUES = new Set<StatKind>(["median", "quantiles"]);
const NEEDS_DISTINCT = new Set<StatKind>([
  "distinctInSet",
  "distinctContainsSet",
  "distinctEqual",
  "mostCommonValueInSet",
  "uniqueValuesProportion",
  "uniqueValueCount",
]);

/** The text a value is compared with a set by (Data Caterer compares the values as text). */
const textOf = (v: SqlValue, t: DataType): string => {
  const j = jsonSafe(v, t);
  return typeof j === "string" ? j : JSON.stringify(j);
};

/**
 * An aggregate field check (Data Caterer's maxBetween, meanBetween, distinctInSet, ...): one
 * result for the whole data, 1 record checked. Distinct values are counted exactly (see
 * distinct-values.ts: past `maxGroups` values they spill to temporary files, said in
 * `details`); medians and quantiles are exact too (see exact-quantiles.ts: past `maxValues`
 * values they spill to a temporary file and are found by radix selection, said in `details`).
 */
export class StatCheck implements Check {
  readonly kind = "field";
  readonly description: string;
  readonly errorThreshold?: number;
  readonly reads?: readonly ColumnNeed[];
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
  private readonly values: ExactQuantiles | undefined;
  private readonly distinct: DistinctValues | undefined;
  private spilled = false;
  private partitions = 0;
  /** klDivergence over bins: values per bin, below the first edge and above the last. */
  private readonly histogram: Float64Array | undefined;
  private below = 0;
  private above = 0;

  constructor(
    spec: StatSpec,
    get: (rows: BatchRows, row: number) => SqlValue,
    type: DataType,
    limits: CheckLimits,
    reads?: readonly ColumnNeed[],
  ) {
    if (reads !== undefined) this.reads = reads;
    this.spec = spec;
    this.description = spec.description;
    if (spec.errorThreshold !== undefined) this.errorThreshold = spec.errorThreshold;
    this.get = get;
    this.type = type;
    this.limits = limits;
    const categorical = spec.stat === "klDivergence" && spec.partition?.bins === undefined;
    if (NEEDS_DISTINCT.has(spec.stat) || categorical) this.distinct = new DistinctValues(limits);
    if (spec.stat === "klDivergence" && !categorical)
      this.histogram = new Float64Array(Math.max(0, (spec.partition?.bins?.length ?? 1) - 1));
    if (NEEDS_VALUES.has(spec.stat)) this.values = new ExactQuantiles(limits.maxValues, limits.spillDir);
  }

  dispose(): void {
    this.distinct?.dispose();
    this.values?.dispose();
  }

  consume(rows: BatchRows, index: Uint32Array, count: number): void {
    const numeric = this.distinct === undefined;
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
        this.values?.add(x);
        if (this.histogram) this.bin(x);
      } else {
        if (v === null) continue;
        this.n++;
        this.distinct!.add(textOf(v, this.type));
      }
    }
  }

  /** Counts a value in its bin ([edge, next edge), the last bin closed), or below or above them all. */
  private bin(x: number): void {
    const edges = this.spec.partition!.bins!;
    const h = this.histogram!;
    if (x < edges[0]!) this.below++;
    else if (x > edges[edges.length - 1]!) this.above++;
    else {
      let lo = 0;
      let hi = h.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (edges[mid]! <= x) lo = mid;
        else hi = mid - 1;
      }
      h[lo]!++;
    }
  }

  /** The divergence of the values from the expected partition (GE's), NaN without values. */
  private divergence(): number {
    const s = this.spec;
    const holdout = s.holdout ?? { tail: 0, internal: 0 };
    if (this.histogram)
      return continuousDivergence(s.partition!, [...this.histogram], this.below, this.above, holdout);
    const counts = new Map<string, number>();
    this.distinct!.forEach((v, rows) => {
      counts.set(v, rows);
    });
    this.spilled = this.distinct!.spilled;
    return categoricalDivergence(s.partition!, counts, holdout);
  }

  /**
   * The distinct checks, over every distinct value visited once (in no set order): the first
   * row a value was seen in orders the values shown and breaks ties of the most common value.
   */
  private distinctOutcome(set: ReadonlySet<string>): { ok: boolean; found: Record<string, unknown> } {
    const d = this.distinct!;
    let size = 0;
    /** Values outside the set (the first 20 by first row), and every value's when listing all. */
    const shown: [string, number][] = [];
    const seenOfSet = new Set<string>();
    let outside = 0;
    let best: string | undefined;
    let bestCount = -1;
    let bestFirst = Number.POSITIVE_INFINITY;
    const stat = this.spec.stat;
    const keep = (v: string, first: number) => {
      // The 20 values of least first row, kept sorted.
      if (shown.length === 20 && first > shown[19]![1]) return;
      let at = shown.length;
      while (at > 0 && shown[at - 1]![1] > first) at--;
      shown.splice(at, 0, [v, first]);
      if (shown.length > 20) shown.pop();
    };
    d.forEach((v, rows, first) => {
      size++;
      const inSet = set.has(v);
      if (inSet) seenOfSet.add(v);
      else outside++;
      if (stat === "distinctInSet" && !inSet) keep(v, first);
      if (stat === "distinctEqual") keep(v, first);
      if (rows > bestCount || (rows === bestCount && first < bestFirst)) {
        best = v;
        bestCount = rows;
        bestFirst = first;
      }
    });
    this.spilled = d.spilled;
    this.partitions = d.partitionsRead;
    const list = () => shown.map(([v]) => v);
    switch (stat) {
      case "distinctInSet":
        return { ok: outside === 0, found: { distinct: list() } };
      case "distinctContainsSet":
        return {
          ok: seenOfSet.size === set.size,
          found: { missing: [...set].filter((k) => !seenOfSet.has(k)) },
        };
      case "distinctEqual":
        return { ok: size === set.size && seenOfSet.size === set.size, found: { distinct: list() } };
      case "mostCommonValueInSet":
        return {
          ok: best !== undefined && set.has(best),
          found: { mostCommon: best ?? null, count: Math.max(bestCount, 0) },
        };
      case "uniqueValueCount":
        return {
          ok: size >= (this.spec.min ?? 0) && size <= (this.spec.max ?? Number.POSITIVE_INFINITY),
          found: { uniqueValues: size },
        };
      default: {
        const p = this.spec.excludeNulls
          ? this.n === 0
            ? 0
            : size / this.n
          : this.rows === 0
            ? Number.NaN
            : size / this.rows;
        return {
          ok:
            !Number.isNaN(p) &&
            p >= (this.spec.min ?? Number.NEGATIVE_INFINITY) &&
            p <= (this.spec.max ?? Number.POSITIVE_INFINITY),
          found: { proportion: Number.isNaN(p) ? null : p },
        };
      }
    }
  }

  finish(): CheckOutcome {
    const s = this.spec;
    const between = (x: number) =>
      x >= (s.min ?? Number.NEGATIVE_INFINITY) && x <= (s.max ?? Number.POSITIVE_INFINITY);
    const set = new Set((s.values ?? []).map((v) => (typeof v === "string" ? v : JSON.stringify(v))));
    let ok: boolean;
    let found: Record<string, unknown>;
    switch (s.stat) {
      case "max":
      case "min":
      case "sum":
      case "mean":
      case "stdDev":
      case "median": {
        const median = s.stat === "median" ? this.values!.quantiles([0.5])[0]! : Number.NaN;
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
                      : median;
        ok = !Number.isNaN(value) && between(value);
        found = { [s.stat]: Number.isNaN(value) ? null : value };
        break;
      }
      case "klDivergence": {
        const d = this.divergence();
        ok = !Number.isNaN(d) && d <= (s.max ?? Number.POSITIVE_INFINITY);
        found = { klDivergence: Number.isFinite(d) ? d : d > 0 ? "Infinity" : null };
        break;
      }
      case "quantiles": {
        const ranges = s.quantileRanges ?? [];
        const values = this.values!.quantiles(ranges.map(([q]) => q));
        found = {};
        ok = true;
        for (const [k, [q, lo, hi]] of ranges.entries()) {
          const v = values[k]!;
          found[`quantile ${q}`] = Number.isNaN(v) ? null : v;
          if (Number.isNaN(v) || v < lo || v > hi) ok = false;
        }
        break;
      }
      default: {
        const d = this.distinctOutcome(set);
        ok = d.ok;
        found = d.found;
      }
    }
    if (s.negate) ok = !ok;
    return {
      records: 1,
      failed: ok ? 0 : 1,
      unit: "aggregate",
      success: ok,
      sample: ok ? [] : [found],
      ...(this.spilled
        ? {
            note: `more than ${this.limits.maxGroups.toLocaleString("en-US")} distinct values: spilled to ${this.partitions} partition files on disk and counted partition by partition (exact)`,
            details: { spilled: true, partitions: this.partitions },
          }
        : {}),
      ...(this.values?.spilled
        ? {
            note: `more than ${this.limits.maxValues.toLocaleString("en-US")} values: spilled to a file on disk and the ${s.stat === "median" ? "median" : "quantiles"} found by selection over it in ${this.values.passes} passes (exact)`,
            details: { spilled: true, values: this.values.count, passes: this.values.passes },
          }
        : {}),
    };
  }
}
