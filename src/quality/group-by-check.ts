import { DataType as A, type Data } from "apache-arrow";
import type { ColumnNeed } from "../connectors/connector.ts";
import { compileOrdering, type SqlValue } from "../engine/index.ts";
import { isValid } from "../formats/arrow-values/arrow-cells.ts";
import { type DataType, DataTypes, isIntegral } from "../model/data-type.ts";
import { type BatchRows, jsonSafe, type ReadField } from "./batch-rows.ts";
import { type Check, type CheckLimits, type CheckOutcome, Sample } from "./check.ts";
import { fieldNeeds } from "./column-needs.ts";
import { type AggType, GroupStates } from "./group-states.ts";
import { ByteReader, ByteWriter, hashBytes, mix } from "./key-bytes.ts";
import { compilePredicate, type RowPredicate } from "./row-predicate.ts";
import { SpilledGroups } from "./spilled-groups.ts";

export { AGG_TYPES, type AggType } from "./group-states.ts";

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

/** Writes the key of row i of a batch into the writer. */
type KeyEncoder = (w: ByteWriter, i: number) => void;

/**
 * A group-by aggregate check (Data Caterer's GroupByValidation): rows are grouped by `groupBy`
 * (keys as bytes, see key-bytes.ts), the aggregate is computed per group, and each group must
 * meet `aggExpr`. Records are groups (at least 1 for a count without groups, as Data Caterer
 * counts them). Memory is bounded: past `maxGroups` groups (or 256 MiB of keys) the groups held
 * are written to partition files by a hash of their key and forgotten; at the end each
 * partition is finished on its own (split again while it is still too large), so the result is
 * exact; it says it spilled (`details`). The files are removed at the end, also on failure.
 */
export class GroupByCheck implements Check {
  readonly kind: string;
  readonly description: string;
  readonly errorThreshold?: number;
  readonly reads: readonly ColumnNeed[];
  private readonly spec: GroupBySpec;
  private readonly fields: readonly ReadField[];
  private readonly groupSlots: number[];
  private readonly groupTypes: DataType[];
  private readonly aggSlot: number | undefined;
  private readonly aggFieldType: DataType | undefined;
  private readonly predicate: RowPredicate;
  private readonly limits: CheckLimits;
  private readonly groups: SpilledGroups;
  private readonly writer = new ByteWriter();
  private lastRows: BatchRows | undefined;
  private encoders: KeyEncoder[] = [];
  private readonly unique: boolean;

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
    this.groupTypes = this.groupSlots.map((s) => fields[s]!.type);
    this.aggSlot = spec.aggField === undefined ? undefined : slotOf(spec.aggField);
    this.aggFieldType = this.aggSlot === undefined ? undefined : fields[this.aggSlot]!.type;
    this.reads = fieldNeeds(fields, [
      ...new Set([...this.groupSlots, ...(this.aggSlot === undefined ? [] : [this.aggSlot])]),
    ]);
    const order = this.aggFieldType ? compileOrdering(this.aggFieldType) : undefined;
    this.groups = new SpilledGroups(() => new GroupStates(spec.aggType, this.aggFieldType, order), limits);
    // `unique` (a count of rows that must be 1): checked without the SQL of aggExpr, and its
    // table sized for every row of the data when the source says how many (keys about 16 bytes).
    this.unique =
      spec.aggType === "count" && spec.aggField === undefined && spec.aggExpr.trim() === "count == 1";
    if (this.unique && limits.expectedRows !== undefined)
      this.groups.held.reserve(Math.min(limits.expectedRows, this.groups.heldGroups), 16);
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

  /** How each key field of a batch is written: straight from Arrow for strings and numbers, else from its values. */
  private encodersOf(rows: BatchRows): KeyEncoder[] {
    return this.groupSlots.map((slot, k) => {
      const type = this.groupTypes[k]!;
      const data = rows.arrow?.[slot];
      const fast = data ? arrowKeyEncoder(data, type) : undefined;
      return fast ?? ((w, i) => w.value(rows.value(slot, i), type));
    });
  }

  consume(rows: BatchRows, index: Uint32Array, count: number): void {
    if (rows !== this.lastRows) {
      this.lastRows = rows;
      this.encoders = this.encodersOf(rows);
    }
    const data = this.groupSlots.length === 1 ? rows.arrow?.[this.groupSlots[0]!] : undefined;
    if (data && data.nullCount === 0 && this.groupTypes[0]!.kind === "string" && A.isUtf8(data.type)) {
      this.consumeStrings(rows, data, index, count);
      return;
    }
    const encoders = this.encoders;
    const w = this.writer;
    for (let k = 0; k < count; k++) {
      const i = index[k]!;
      w.reset();
      for (let s = 0; s < encoders.length; s++) encoders[s]!(w, i);
      this.addRow(rows, i, w.len, hashBytes(w.buf, 0, w.len));
    }
  }

  /** Row i into the group of the key the writer holds (its first `len` bytes, of hash `h`). */
  private addRow(rows: BatchRows, i: number, len: number, h: number): void {
    if (this.aggSlot === undefined) {
      this.groups.countRow(this.writer.buf, 0, len, h);
      return;
    }
    const held = this.groups.held;
    const g = held.groupOf(this.writer.buf, 0, len, h);
    held.addRow(g, this.aggSlot === undefined ? null : rows.value(this.aggSlot, i));
    this.groups.afterAdd();
  }

  /**
   * One string key with no NULLs (ids, the usual `unique`): each key is written as
   * ByteWriter.value would write it and hashed in the same pass, with no call per row.
   */
  private consumeStrings(rows: BatchRows, data: Data, index: Uint32Array, count: number): void {
    const offsets = data.valueOffsets as Int32Array;
    const bytes = data.values as Uint8Array;
    const w = this.writer;
    for (let k = 0; k < count; k++) {
      const i = index[k]!;
      const a = offsets[i]!;
      const n = offsets[i + 1]! - a;
      w.reset();
      w.ensure(n + 6);
      const buf = w.buf;
      // 1 (not NULL), the length as a varint, the bytes; FNV-1a (see hashBytes) as they are written.
      buf[0] = 1;
      let h = Math.imul(0x811c9dc5 ^ 1, 0x01000193);
      let p = 1;
      let len = n;
      while (len >= 0x80) {
        const b = (len & 0x7f) | 0x80;
        buf[p++] = b;
        h = Math.imul(h ^ b, 0x01000193);
        len >>>= 7;
      }
      buf[p++] = len;
      h = Math.imul(h ^ len, 0x01000193);
      for (let j = 0; j < n; j++) {
        const b = bytes[a + j]!;
        buf[p++] = b;
        h = Math.imul(h ^ b, 0x01000193);
      }
      this.addRow(rows, i, p, mix(h));
    }
  }

  finish(): CheckOutcome {
    try {
      return this.evaluateAll();
    } finally {
      this.dispose();
    }
  }

  dispose(): void {
    this.groups.dispose();
  }

  private evaluateAll(): CheckOutcome {
    const tally: Tally = { groups: 0, failed: 0, sample: new Sample(this.limits.sampleRecords) };
    const groups = this.groups;
    // A count of no rows is still one group (count == 0), as Spark's global aggregate gives.
    if (!groups.spilled && groups.held.size === 0 && this.groupSlots.length === 0)
      groups.held.groupOf(new Uint8Array(0), 0, 0, hashBytes(new Uint8Array(0), 0, 0));
    groups.finish((states) => this.evaluate(states, tally));
    return {
      records: Math.max(1, tally.groups),
      failed: tally.failed,
      unit: "groups",
      sample: tally.sample.records,
      ...(groups.onDisk
        ? {
            note: `more than ${this.limits.maxGroups.toLocaleString("en-US")} groups: spilled to ${groups.partitionsRead} partition files on disk and finished partition by partition (exact)`,
            details: { spilled: true, partitions: groups.partitionsRead },
          }
        : {}),
    };
  }

  /** Checks each group held against aggExpr. */
  private evaluate(states: GroupStates, tally: Tally): void {
    const width = this.groupSlots.length;
    const types = this.groupTypes;
    const readsKeys = this.predicate.reads.some((s) => s < width);
    const values: SqlValue[] = new Array(width + 2).fill(null);
    const countsRows = this.spec.aggField === undefined;
    const decodeKey = (g: number) => {
      const r = new ByteReader(states.table.key(g));
      for (let s = 0; s < width; s++) values[s] = r.value(types[s]!);
    };
    for (let g = 0; g < states.size; g++) {
      if (this.unique) {
        tally.groups++;
        if (states.rowsOf(g) !== 1) this.failGroup(states, g, tally, decodeKey, values);
        continue;
      }
      if (readsKeys) decodeKey(g);
      const agg = states.aggregate(g, countsRows);
      values[width] = agg;
      values[width + 1] = agg;
      tally.groups++;
      if (this.predicate.evaluate(values) === false) this.failGroup(states, g, tally, decodeKey, values);
    }
  }

  /** Counts a failing group, and keeps it as a sample record (its key fields and aggregate) while there is room. */
  private failGroup(
    states: GroupStates,
    g: number,
    tally: Tally,
    decodeKey: (g: number) => void,
    values: SqlValue[],
  ): void {
    tally.failed++;
    if (tally.sample.full) return;
    decodeKey(g);
    const record: Record<string, unknown> = {};
    this.groupSlots.forEach((slot, k) => {
      record[this.fields[slot]!.name] = jsonSafe(values[k]!, this.groupTypes[k]!);
    });
    record[aggColumnName(this.spec.aggType, this.spec.aggField)] = jsonSafe(
      states.aggregate(g, this.spec.aggField === undefined),
      aggTypeOf(this.spec.aggType, this.aggFieldType),
    );
    tally.sample.add(record);
  }
}

interface Tally {
  groups: number;
  failed: number;
  readonly sample: Sample;
}

/**
 * A key field written straight from its Arrow array, as ByteWriter.value would write its value:
 * strings as their UTF-8 bytes, ints, floats and dates as float64. Undefined for other types.
 */
function arrowKeyEncoder(data: Data, type: DataType): KeyEncoder | undefined {
  const nulls = data.nullCount > 0;
  if (type.kind === "string" && A.isUtf8(data.type)) {
    const offsets = data.valueOffsets as Int32Array;
    const bytes = data.values as Uint8Array;
    return (w, i) => {
      if (nulls && !isValid(data, i)) w.byte(0);
      else {
        w.byte(1);
        w.bytes(bytes, offsets[i]!, offsets[i + 1]!);
      }
    };
  }
  const numeric =
    ((type.kind === "int" || type.kind === "short" || type.kind === "byte" || type.kind === "date") &&
      A.isInt(data.type) &&
      (data.type as unknown as { bitWidth: number }).bitWidth <= 32) ||
    ((type.kind === "double" || type.kind === "float") && A.isFloat(data.type)) ||
    (type.kind === "date" && A.isDate(data.type) && !(data.values instanceof BigInt64Array));
  if (!numeric) return undefined;
  const values = data.values as ArrayLike<number>;
  return (w, i) => {
    if (nulls && !isValid(data, i)) w.byte(0);
    else {
      w.byte(1);
      w.f64(values[i]!);
    }
  };
}
