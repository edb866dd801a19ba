import { compileOrdering, type Ordering, type SqlValue } from "../../engine/index.ts";
import { type DataType, DataTypes, isIntegral } from "../../model/data-type.ts";
import { type BatchRows, jsonSafe, type ReadField } from "./batch-rows.ts";
import { type Check, type CheckLimits, type CheckOutcome, Sample } from "./check.ts";
import { KeyIndex } from "./group-key.ts";
import { compilePredicate, type RowPredicate } from "./row-predicate.ts";

export const AGG_TYPES = ["sum", "count", "max", "min", "avg", "stddev"] as const;
export type AggType = (typeof AGG_TYPES)[number];

export interface GroupBySpec {
  readonly kind: string;
  readonly description: string;
  readonly errorThreshold?: number;
  readonly groupBy: readonly string[];
  /** The aggregated field; undefined for a count of rows. */
  readonly aggField: string | undefined;
  readonly aggType: AggType;
  /** The condition each group must meet, over the group fields and `aggType(aggField)` (or `count`). */
  readonly aggExpr: string;
}

/** Spark's name of the aggregate column: `sum(amount)`, or `count` for a count of rows. */
export const aggColumnName = (aggType: string, aggField: string | undefined): string =>
  aggField === undefined ? aggType : `${aggType}(${aggField})`;

/** `sum(amount)` in an aggregate expression as one identifier (`` `sum(amount)` ``), so rowforge's row compiler reads it as a column. */
export function aggExprText(aggExpr: string, aggType: string, aggField: string | undefined): string {
  if (aggField === undefined) return aggExpr;
  const field = aggField.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const call = new RegExp(`\\b${aggType}\\s*\\(\\s*\`?${field}\`?\\s*\\)`, "gi");
  return aggExpr.replace(call, `\`${aggColumnName(aggType, aggField)}\``);
}

/** The type of an aggregate of a field of type `t` (a count is a long; sums of integers stay integers). */
function aggTypeOf(aggType: AggType, t: DataType | undefined): DataType {
  if (aggType === "count") return DataTypes.long;
  if (aggType === "sum") return t && isIntegral(t) ? DataTypes.long : DataTypes.double;
  if (aggType === "avg" || aggType === "stddev") return DataTypes.double;
  return t ?? DataTypes.long;
}

const toNumber = (v: SqlValue, t: DataType): number =>
  t.kind === "decimal" ? Number(v as bigint) / 10 ** t.scale : Number(v as number | bigint);

/**
 * A group-by aggregate check (Data Caterer's GroupByValidation): rows are grouped by
 * `groupBy` in a Map holding at most `maxGroups` groups (past it, new groups are not counted and
 * the result says so), the aggregate is computed per group, and each group must meet `aggExpr`.
 * Records are groups (at least 1 for a count without groups, as Data Caterer counts them).
 */
export class GroupByCheck implements Check {
  readonly kind: string;
  readonly description: string;
  readonly errorThreshold?: number;
  private readonly spec: GroupBySpec;
  private readonly fields: readonly ReadField[];
  private readonly groupSlots: number[];
  private readonly aggSlot: number | undefined;
  private readonly aggFieldType: DataType | undefined;
  private readonly order: Ordering | undefined;
  private readonly predicate: RowPredicate;
  /** Group number by key; per group: its key values (by group field), row count, non-null count, sum, sum of squares, min, max. */
  private readonly ids = new KeyIndex();
  private readonly keys: SqlValue[][];
  private counts = new Float64Array(1024);
  private ns = new Float64Array(1024);
  private sumSqs = new Float64Array(1024);
  private readonly sums: (number | bigint)[] = [];
  private readonly mins: SqlValue[] = [];
  private readonly maxs: SqlValue[] = [];
  private readonly limits: CheckLimits;
  private dropped = 0;

  constructor(
    spec: GroupBySpec,
    fields: readonly ReadField[],
    limits: CheckLimits,
    slotOf: (name: string) => number,
  ) {
    this.spec = spec;
    this.kind = spec.kind;
    this.description = spec.description;
    if (spec.errorThreshold !== undefined) this.errorThreshold = spec.errorThreshold;
    this.fields = fields;
    this.limits = limits;
    this.groupSlots = spec.groupBy.map(slotOf);
    this.keys = this.groupSlots.map(() => []);
    this.aggSlot = spec.aggField === undefined ? undefined : slotOf(spec.aggField);
    this.aggFieldType = this.aggSlot === undefined ? undefined : fields[this.aggSlot]!.type;
    this.order = this.aggFieldType ? compileOrdering(this.aggFieldType) : undefined;
    const groupFields = this.groupSlots.map((s) => fields[s]!);
    const aggName = aggColumnName(spec.aggType, spec.aggField);
    const aggType = aggTypeOf(spec.aggType, this.aggFieldType);
    const aggFields: ReadField[] = [{ name: aggName, type: aggType }];
    if (spec.aggField !== undefined && !groupFields.some((f) => f.name.toLowerCase() === spec.aggType))
      aggFields.push({ name: spec.aggType, type: aggType });
    this.predicate = compilePredicate(
      aggExprText(spec.aggExpr, spec.aggType, spec.aggField),
      [...groupFields, ...aggFields],
      limits,
      "aggExpr",
    );
  }

  /** The group of a key, made when first seen; -1 past the bound of groups. */
  private groupOf(key: readonly SqlValue[]): number {
    const before = this.ids.size;
    const g = this.ids.find(key, before < this.limits.maxGroups);
    if (g >= before) {
      if (g === this.counts.length) this.grow();
      for (let s = 0; s < key.length; s++) this.keys[s]!.push(key[s]!);
      // A count of rows (unique, count == 1) keeps no aggregate state.
      if (this.aggSlot !== undefined) {
        this.sums[g] = this.sumZero();
        this.mins[g] = null;
        this.maxs[g] = null;
      }
    }
    return g;
  }

  private grow(): void {
    const size = this.counts.length * 2;
    const bigger = (a: Float64Array) => {
      const b = new Float64Array(size);
      b.set(a);
      return b;
    };
    this.counts = bigger(this.counts);
    this.ns = bigger(this.ns);
    this.sumSqs = bigger(this.sumSqs);
  }

  consume(rows: BatchRows, index: Uint32Array, count: number): void {
    const slots = this.groupSlots;
    const key: SqlValue[] = new Array(slots.length);
    const agg = this.aggSlot;
    for (let k = 0; k < count; k++) {
      const i = index[k]!;
      for (let s = 0; s < slots.length; s++) key[s] = rows.value(slots[s]!, i);
      const g = this.groupOf(key);
      if (g < 0) {
        this.dropped++;
        continue;
      }
      this.counts[g]!++;
      if (agg !== undefined) this.add(g, rows.value(agg, i));
    }
  }

  private sumZero(): number | bigint {
    return this.spec.aggType === "sum" && this.aggFieldType && isIntegral(this.aggFieldType) ? 0n : 0;
  }

  private add(g: number, v: SqlValue): void {
    if (v === null) return;
    const t = this.aggFieldType!;
    this.ns[g]!++;
    switch (this.spec.aggType) {
      case "sum": {
        const sum = this.sums[g]!;
        this.sums[g] = typeof sum === "bigint" ? sum + BigInt(v as number | bigint) : sum + toNumber(v, t);
        break;
      }
      case "avg":
      case "stddev": {
        const x = toNumber(v, t);
        this.sums[g] = (this.sums[g] as number) + x;
        this.sumSqs[g]! += x * x;
        break;
      }
      case "min": {
        const m = this.mins[g]!;
        if (m === null || (this.order && this.order(v, m) < 0)) this.mins[g] = v;
        break;
      }
      case "max": {
        const m = this.maxs[g]!;
        if (m === null || (this.order && this.order(v, m) > 0)) this.maxs[g] = v;
        break;
      }
      case "count":
        break;
    }
  }

  private aggregate(g: number): SqlValue {
    const n = this.ns[g]!;
    switch (this.spec.aggType) {
      case "count":
        return BigInt(this.spec.aggField === undefined ? this.counts[g]! : n);
      case "sum":
        return n === 0 ? null : this.sums[g]!;
      case "avg":
        return n === 0 ? null : (this.sums[g] as number) / n;
      case "stddev": {
        if (n < 2) return null;
        const mean = (this.sums[g] as number) / n;
        return Math.sqrt(Math.max(0, (this.sumSqs[g]! - n * mean * mean) / (n - 1)));
      }
      case "min":
        return this.mins[g]!;
      case "max":
        return this.maxs[g]!;
    }
  }

  finish(): CheckOutcome {
    const sample = new Sample(this.limits.sampleRecords);
    const groupFields = this.groupSlots.map((s) => this.fields[s]!);
    const aggName = aggColumnName(this.spec.aggType, this.spec.aggField);
    const aggType = aggTypeOf(this.spec.aggType, this.aggFieldType);
    // A count of no rows is still one group (count == 0), as Spark's global aggregate gives.
    if (this.ids.size === 0 && this.groupSlots.length === 0) this.groupOf([]);
    const groups = this.ids.size;
    let failed = 0;
    const width = this.groupSlots.length;
    const values: SqlValue[] = new Array(width + 2).fill(null);
    for (let g = 0; g < groups; g++) {
      for (let s = 0; s < width; s++) values[s] = this.keys[s]![g]!;
      const agg = this.aggregate(g);
      values[width] = agg;
      values[width + 1] = agg;
      if (this.predicate.evaluate(values) === false) {
        failed++;
        if (!sample.full) {
          const record: Record<string, unknown> = {};
          groupFields.forEach((f, k) => {
            record[f.name] = jsonSafe(this.keys[k]![g]!, f.type);
          });
          record[aggName] = jsonSafe(agg, aggType);
          sample.add(record);
        }
      }
    }
    return {
      records: Math.max(1, groups),
      failed,
      unit: "groups",
      sample: sample.records,
      ...(this.dropped > 0
        ? {
            note: `more than ${this.limits.maxGroups.toLocaleString("en-US")} groups: ${this.dropped.toLocaleString("en-US")} records of further groups were not counted, so the result is partial`,
          }
        : {}),
    };
  }
}
