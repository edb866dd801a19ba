import { compileOrdering, type Ordering, type SqlValue } from "../../engine/index.ts";
import { type DataType, DataTypes, isIntegral } from "../../model/data-type.ts";
import { type BatchRows, jsonSafe, type ReadField } from "./batch-rows.ts";
import { type Check, type CheckLimits, type CheckOutcome, Sample } from "./check.ts";
import { keyOf } from "./group-key.ts";
import { compilePredicate, type RowPredicate } from "./row-predicate.ts";

export const AGG_TYPES = ["sum", "count", "max", "min", "avg", "stddev"] as const;
export type AggType = (typeof AGG_TYPES)[number];

interface Group {
  readonly key: SqlValue[];
  count: number;
  /** Non-null values of the aggregated field. */
  n: number;
  sum: number | bigint;
  sumSq: number;
  min: SqlValue;
  max: SqlValue;
}

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
  private readonly groups = new Map<unknown, Group>();
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

  consume(rows: BatchRows, index: Uint32Array, count: number): void {
    const slots = this.groupSlots;
    const key: SqlValue[] = new Array(slots.length);
    for (let k = 0; k < count; k++) {
      const i = index[k]!;
      for (let s = 0; s < slots.length; s++) key[s] = rows.value(slots[s]!, i);
      const id = keyOf(key);
      let g = this.groups.get(id);
      if (!g) {
        if (this.groups.size >= this.limits.maxGroups) {
          this.dropped++;
          continue;
        }
        g = { key: [...key], count: 0, n: 0, sum: this.sumZero(), sumSq: 0, min: null, max: null };
        this.groups.set(id, g);
      }
      g.count++;
      if (this.aggSlot !== undefined) this.add(g, rows.value(this.aggSlot, i));
    }
  }

  private sumZero(): number | bigint {
    return this.spec.aggType === "sum" && this.aggFieldType && isIntegral(this.aggFieldType) ? 0n : 0;
  }

  private add(g: Group, v: SqlValue): void {
    if (v === null) return;
    const t = this.aggFieldType!;
    g.n++;
    switch (this.spec.aggType) {
      case "sum":
        if (typeof g.sum === "bigint") g.sum += BigInt(v as number | bigint);
        else g.sum += toNumber(v, t);
        break;
      case "avg":
      case "stddev": {
        const x = toNumber(v, t);
        g.sum = (g.sum as number) + x;
        g.sumSq += x * x;
        break;
      }
      case "min":
        if (g.min === null || (this.order && this.order(v, g.min) < 0)) g.min = v;
        break;
      case "max":
        if (g.max === null || (this.order && this.order(v, g.max) > 0)) g.max = v;
        break;
      case "count":
        break;
    }
  }

  private aggregate(g: Group): SqlValue {
    switch (this.spec.aggType) {
      case "count":
        return BigInt(this.spec.aggField === undefined ? g.count : g.n);
      case "sum":
        return g.n === 0 ? null : g.sum;
      case "avg":
        return g.n === 0 ? null : (g.sum as number) / g.n;
      case "stddev": {
        if (g.n < 2) return null;
        const mean = (g.sum as number) / g.n;
        return Math.sqrt(Math.max(0, (g.sumSq - g.n * mean * mean) / (g.n - 1)));
      }
      case "min":
        return g.min;
      case "max":
        return g.max;
    }
  }

  finish(): CheckOutcome {
    const sample = new Sample(this.limits.sampleRecords);
    const groupFields = this.groupSlots.map((s) => this.fields[s]!);
    const aggName = aggColumnName(this.spec.aggType, this.spec.aggField);
    const aggType = aggTypeOf(this.spec.aggType, this.aggFieldType);
    if (this.groups.size === 0 && this.groupSlots.length === 0)
      this.groups.set(undefined, {
        key: [],
        count: 0,
        n: 0,
        sum: this.sumZero(),
        sumSq: 0,
        min: null,
        max: null,
      });
    let failed = 0;
    const values: SqlValue[] = [];
    for (const g of this.groups.values()) {
      values.length = 0;
      values.push(...g.key);
      const agg = this.aggregate(g);
      values.push(agg, agg);
      if (this.predicate.evaluate(values) === false) {
        failed++;
        if (!sample.full) {
          const record: Record<string, unknown> = {};
          groupFields.forEach((f, k) => {
            record[f.name] = jsonSafe(g.key[k]!, f.type);
          });
          record[aggName] = jsonSafe(agg, aggType);
          sample.add(record);
        }
      }
    }
    const records = Math.max(1, this.groups.size);
    return {
      records,
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
