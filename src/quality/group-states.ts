import type { Ordering, SqlValue } from "../engine/index.ts";
import { type DataType, isIntegral } from "../model/data-type.ts";
import { ByteKeyTable } from "./byte-key-table.ts";
import type { ByteReader, ByteWriter } from "./key-bytes.ts";

/** The aggregates a group-by validation computes. */
export const AGG_TYPES = ["sum", "count", "max", "min", "avg", "stddev"] as const;
export type AggType = (typeof AGG_TYPES)[number];

const toNumber = (v: SqlValue, t: DataType): number =>
  t.kind === "decimal" ? Number(v as bigint) / 10 ** t.scale : Number(v as number | bigint);

/**
 * The groups of a group-by held in memory: each distinct key (as bytes, see key-bytes.ts) with
 * its row count and the running state of its aggregate (non-null count, sum, sum of squares,
 * min, max). States can be written as records (key and state) and merged back from them, so a
 * group-by can move its groups to spill files and finish them part by part, exactly.
 */
export class GroupStates {
  readonly table = new ByteKeyTable();
  private counts = new Float64Array(1024);
  private ns = new Float64Array(1024);
  private sumSqs = new Float64Array(1024);
  private sums: (number | bigint)[] = [];
  private mins: SqlValue[] = [];
  private maxs: SqlValue[] = [];
  private readonly aggType: AggType;
  /** The aggregated field's type; undefined for a count of rows. */
  private readonly fieldType: DataType | undefined;
  private readonly order: Ordering | undefined;
  private readonly bigSum: boolean;

  constructor(aggType: AggType, fieldType: DataType | undefined, order: Ordering | undefined) {
    this.aggType = aggType;
    this.fieldType = fieldType;
    this.order = order;
    this.bigSum = aggType === "sum" && fieldType !== undefined && isIntegral(fieldType);
  }

  get size(): number {
    return this.table.size;
  }

  /** Whether the groups only count rows (no aggregated field): a group of one row is its key and a count of 1. */
  get countsOnly(): boolean {
    return this.fieldType === undefined;
  }

  /** The rows of group g. */
  rowsOf(g: number): number {
    return this.counts[g]!;
  }

  /** Sized for about `groups` groups of `keyBytes`-byte keys from the start. */
  reserve(groups: number, keyBytes: number): void {
    if (this.size > 0 || groups <= this.counts.length) return;
    this.table.reserve(groups, keyBytes);
    let cap = this.counts.length;
    while (cap < groups) cap *= 2;
    this.counts = new Float64Array(cap);
    if (this.fieldType !== undefined) {
      this.ns = new Float64Array(cap);
      this.sumSqs = new Float64Array(cap);
    }
  }

  /** The group of key `buf[off..off + len)` (hash h), made when first seen. */
  groupOf(buf: Uint8Array, off: number, len: number, h: number): number {
    const before = this.table.size;
    const g = this.table.find(buf, off, len, h, true);
    if (g >= before) {
      if (g === this.counts.length) this.grow();
      this.counts[g] = 0;
      // A count of rows (unique, count == 1) keeps no aggregate state.
      if (this.fieldType !== undefined) {
        this.ns[g] = 0;
        this.sumSqs[g] = 0;
        this.sums[g] = this.bigSum ? 0n : 0;
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
    if (this.fieldType !== undefined) {
      this.ns = bigger(this.ns);
      this.sumSqs = bigger(this.sumSqs);
    }
  }

  /** One more row of group g, with its aggregated value (ignored for a count of rows). */
  addRow(g: number, v: SqlValue): void {
    this.counts[g]!++;
    if (this.fieldType === undefined || v === null) return;
    const t = this.fieldType;
    this.ns[g]!++;
    switch (this.aggType) {
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
      case "min":
        this.minOf(g, v);
        break;
      case "max":
        this.maxOf(g, v);
        break;
      case "count":
        break;
    }
  }

  private minOf(g: number, v: SqlValue): void {
    const m = this.mins[g]!;
    if (v !== null && (m === null || (this.order && this.order(v, m) < 0))) this.mins[g] = v;
  }

  private maxOf(g: number, v: SqlValue): void {
    const m = this.maxs[g]!;
    if (v !== null && (m === null || (this.order && this.order(v, m) > 0))) this.maxs[g] = v;
  }

  /** Group g's aggregate (`count` of rows, or of non-null values of the field). */
  aggregate(g: number, countsRows: boolean): SqlValue {
    const n = this.ns[g]!;
    switch (this.aggType) {
      case "count":
        return BigInt(countsRows ? this.counts[g]! : n);
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

  /** Group g as a record: its key's hash (4 bytes), its key after its length, then its state. */
  writeRecord(g: number, w: ByteWriter): void {
    const t = this.table;
    w.i32(t.hashOf(g));
    w.bytes(t.keyBytes, t.keyStart(g), t.keyEnd(g));
    w.f64(this.counts[g]!);
    if (this.fieldType === undefined) return;
    w.f64(this.ns[g]!);
    w.f64(this.sumSqs[g]!);
    const sum = this.sums[g]!;
    if (typeof sum === "bigint") w.text(sum.toString());
    else w.f64(sum);
    w.value(this.mins[g]!, this.fieldType);
    w.value(this.maxs[g]!, this.fieldType);
  }

  /** Merges the state of a record (after its key, which gave group g) into group g. */
  mergeRecord(g: number, r: ByteReader): void {
    this.counts[g]! += r.f64();
    if (this.fieldType === undefined) return;
    this.ns[g]! += r.f64();
    this.sumSqs[g]! += r.f64();
    const sum = this.sums[g]!;
    this.sums[g] = typeof sum === "bigint" ? sum + BigInt(r.text()) : sum + r.f64();
    this.minOf(g, r.value(this.fieldType));
    this.maxOf(g, r.value(this.fieldType));
  }

  /** Forgets every group (the memory of a large table too). */
  clear(): void {
    this.table.clear();
    if (this.counts.length > 1 << 16) {
      this.counts = new Float64Array(1024);
      if (this.fieldType !== undefined) {
        this.ns = new Float64Array(1024);
        this.sumSqs = new Float64Array(1024);
      }
    }
    this.sums = [];
    this.mins = [];
    this.maxs = [];
  }
}
