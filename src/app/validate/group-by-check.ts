import { DataType as A, type Data } from "apache-arrow";
import { compileOrdering, type SqlValue } from "../../engine/index.ts";
import { isValid } from "../../formats/arrow-values/arrow-cells.ts";
import { type DataType, DataTypes, isIntegral } from "../../model/data-type.ts";
import { type BatchRows, jsonSafe, type ReadField } from "./batch-rows.ts";
import { type Check, type CheckLimits, type CheckOutcome, Sample } from "./check.ts";
import { type AggType, GroupStates } from "./group-states.ts";
import { ByteReader, ByteWriter, hashBytes, mix } from "./key-bytes.ts";
import { compilePredicate, type RowPredicate } from "./row-predicate.ts";
import { SpillFiles } from "./spill-files.ts";

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

/** Partitions per level (a partition's groups then fit in a cache-sized table). */
export const PARTITIONS = 64;
/**
 * Groups held in the table rows go into first: past them, the groups move to partitions by
 * hash (in memory up to the budget, else on disk) and are merged partition by partition at the
 * end. A table this size stays in the processor's cache, where one of a million keys would miss
 * it on every row.
 */
export const HELD_GROUPS = 1 << 14;
/** Bytes of partition records per group of the budget held in memory before they go to disk. */
export const RECORD_BYTES = 32;
/** Bytes of keys a group-by holds in memory before it spills, whatever the number of groups. */
export const SPILL_BYTES = 256 * 1024 * 1024;
/** Levels of re-partitioning before a partition is finished in memory whatever its size (keys of one hash). */
export const MAX_DEPTH = 6;

/** Partition of a key hash at a level of spilling (bits independent of the table's and of other levels'). */
export const partitionOf = (h: number, depth: number): number =>
  (mix(h ^ Math.imul(depth + 1, 0x9e3779b9)) >>> 0) % PARTITIONS;

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
  private readonly spec: GroupBySpec;
  private readonly fields: readonly ReadField[];
  private readonly groupSlots: number[];
  private readonly groupTypes: DataType[];
  private readonly aggSlot: number | undefined;
  private readonly aggFieldType: DataType | undefined;
  private readonly predicate: RowPredicate;
  private readonly limits: CheckLimits;
  private readonly states: () => GroupStates;
  private held: GroupStates;
  private readonly writer = new ByteWriter();
  private readonly reader = new ByteReader(new Uint8Array(0));
  private spill: SpillFiles | undefined;
  /** Every spill file made (nested levels too), removed at the end. */
  private readonly spills: SpillFiles[] = [];
  private partitionsRead = 0;
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
    const order = this.aggFieldType ? compileOrdering(this.aggFieldType) : undefined;
    this.states = () => new GroupStates(spec.aggType, this.aggFieldType, order);
    this.held = this.states();
    // `unique` (a count of rows that must be 1): checked without the SQL of aggExpr, and its
    // table sized for every row of the data when the source says how many (keys about 16 bytes).
    this.unique =
      spec.aggType === "count" && spec.aggField === undefined && spec.aggExpr.trim() === "count == 1";
    if (this.unique && limits.expectedRows !== undefined)
      this.held.reserve(Math.min(limits.expectedRows, this.heldGroups()), 16);
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
    const agg = this.aggSlot;
    for (let k = 0; k < count; k++) {
      const i = index[k]!;
      w.reset();
      for (let s = 0; s < encoders.length; s++) encoders[s]!(w, i);
      const h = hashBytes(w.buf, 0, w.len);
      const g = this.held.groupOf(w.buf, 0, w.len, h);
      this.held.addRow(g, agg === undefined ? null : rows.value(agg, i));
      if (this.heldFull()) this.spillHeld();
    }
  }

  /**
   * One string key with no NULLs (ids, the usual `unique`): each key is written as
   * ByteWriter.value would write it and hashed in the same pass, with no call per row.
   */
  private consumeStrings(rows: BatchRows, data: Data, index: Uint32Array, count: number): void {
    const offsets = data.valueOffsets as Int32Array;
    const bytes = data.values as Uint8Array;
    const w = this.writer;
    const agg = this.aggSlot;
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
      const g = this.held.groupOf(buf, 0, p, mix(h));
      this.held.addRow(g, agg === undefined ? null : rows.value(agg, i));
      if (this.heldFull()) this.spillHeld();
    }
  }

  private heldGroups(): number {
    return Math.min(this.limits.maxGroups, HELD_GROUPS);
  }

  private heldFull(): boolean {
    return this.held.size >= this.heldGroups() || this.held.table.bytes >= SPILL_BYTES;
  }

  /** Whether a partition being merged holds the budget of groups (it is split again). */
  private full(states: GroupStates): boolean {
    return states.size >= this.limits.maxGroups || states.table.bytes >= SPILL_BYTES;
  }

  /** Moves the groups held to the partition files (level 0) and forgets them. */
  private spillHeld(): void {
    this.spill ??= this.newSpill();
    writeAll(this.held, this.spill, 0, this.writer);
    this.held.clear();
  }

  private newSpill(): SpillFiles {
    const s = new SpillFiles(PARTITIONS, this.limits.spillDir, this.limits.maxGroups * RECORD_BYTES);
    this.spills.push(s);
    return s;
  }

  finish(): CheckOutcome {
    try {
      return this.evaluateAll();
    } finally {
      this.dispose();
    }
  }

  dispose(): void {
    for (const s of this.spills) s.dispose();
    this.spills.length = 0;
  }

  private evaluateAll(): CheckOutcome {
    const tally: Tally = { groups: 0, failed: 0, sample: new Sample(this.limits.sampleRecords) };
    if (this.spill === undefined) {
      // A count of no rows is still one group (count == 0), as Spark's global aggregate gives.
      if (this.held.size === 0 && this.groupSlots.length === 0)
        this.held.groupOf(new Uint8Array(0), 0, 0, hashBytes(new Uint8Array(0), 0, 0));
      this.evaluate(this.held, tally);
    } else {
      this.spillHeld();
      this.finishSpill(this.spill, 0, tally);
    }
    return {
      records: Math.max(1, tally.groups),
      failed: tally.failed,
      unit: "groups",
      sample: tally.sample.records,
      ...(this.spills.some((s) => s.onDisk)
        ? {
            note: `more than ${this.limits.maxGroups.toLocaleString("en-US")} groups: spilled to ${this.partitionsRead} partition files on disk and finished partition by partition (exact)`,
            details: { spilled: true, partitions: this.partitionsRead },
          }
        : {}),
    };
  }

  /** Finishes every partition of a spill at a level: merges its records, splitting again a partition still too large. */
  private finishSpill(spill: SpillFiles, depth: number, tally: Tally): void {
    spill.finishWriting();
    for (let p = 0; p < spill.partitions; p++) {
      const states = this.states();
      states.reserve(Math.min(spill.counts[p]!, this.limits.maxGroups), 16);
      let deeper: SpillFiles | undefined;
      let any = false;
      const r = this.reader;
      spill.forEach(p, (buf, start, end) => {
        any = true;
        // A record: the key's hash, the key after its length, the group's state.
        r.reset(buf, start);
        const h = r.i32();
        const len = r.varint();
        const at = r.pos;
        if (deeper !== undefined) {
          deeper.write(partitionOf(h, depth + 1), buf, start, end);
          return;
        }
        r.pos = at + len;
        const g = states.groupOf(buf, at, len, h);
        states.mergeRecord(g, r);
        if (depth + 1 < MAX_DEPTH && this.full(states)) {
          deeper = this.newSpill();
          writeAll(states, deeper, depth + 1, this.writer);
          states.clear();
        }
      });
      if (!any) continue;
      if (deeper !== undefined) this.finishSpill(deeper, depth + 1, tally);
      else {
        this.partitionsRead++;
        this.evaluate(states, tally);
      }
    }
    spill.dispose();
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

/** Writes every group of `states` as a record to its partition of a level. */
export function writeAll(states: GroupStates, spill: SpillFiles, depth: number, w: ByteWriter): void {
  for (let g = 0; g < states.size; g++) {
    w.reset();
    states.writeRecord(g, w);
    spill.write(partitionOf(states.table.hashOf(g), depth), w.buf, 0, w.len);
  }
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
