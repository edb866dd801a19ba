import type { SqlValue } from "../engine/index.ts";
import { RowforgeError } from "../errors/index.ts";
import { BatchRows, type ReadField } from "./batch-rows.ts";
import type { CheckLimits } from "./check.ts";
import { keyOf } from "./group-key.ts";
import { compilePredicate, type RowPredicate } from "./row-predicate.ts";
import { JOIN_PARTITIONS, RowSpill } from "./row-spill.ts";
import type { UpstreamTable } from "./upstream-table.ts";

/** Data Caterer's (Spark's) join types, by the names users write. */
const JOIN_TYPES: Readonly<Record<string, "inner" | "left" | "right" | "full" | "anti" | "semi">> = {
  inner: "inner",
  left: "left",
  leftouter: "left",
  left_outer: "left",
  right: "right",
  rightouter: "right",
  right_outer: "right",
  outer: "full",
  full: "full",
  fullouter: "full",
  full_outer: "full",
  anti: "anti",
  leftanti: "anti",
  left_anti: "anti",
  semi: "semi",
  leftsemi: "semi",
  left_semi: "semi",
};

/**
 * Joins the rows of the validated data, batch by batch, with an upstream table held in memory:
 * on the `joinFields` both sides have (a hash of the upstream's keys), or on an `expr:` join
 * condition (each row against every upstream row). Upstream fields are named `<upstream>_<field>`
 * (join fields once, the value from whichever side has it). Full and right joins give the
 * upstream rows nothing matched at the end (`tail`). Anti and semi joins keep the data's fields.
 */
export class UpstreamJoin {
  readonly fields: readonly ReadField[];
  readonly description: string;
  private readonly type: "inner" | "left" | "right" | "full" | "anti" | "semi";
  private readonly up: UpstreamTable;
  private readonly mainWidth: number;
  /** For each main field, the upstream column of the same join field (coalesced), or -1. */
  private readonly coalesce: readonly number[];
  /** Upstream columns that become their own fields, in order. */
  private readonly upstreamColumns: readonly number[];
  private readonly mainKeySlots: readonly number[] = [];
  private readonly index = new Map<unknown, number[]>();
  private readonly condition: RowPredicate | undefined;
  private readonly matched: Uint8Array;
  private lastInput: BatchRows | undefined;
  private lastOutput: BatchRows | undefined;
  private tailRows: BatchRows | undefined;
  /** What a join of a spilled upstream needs to join one partition at a time. */
  private readonly setup: {
    readonly mainFields: readonly ReadField[];
    readonly joinFields: readonly string[];
    readonly joinType: string | undefined;
    readonly limits: CheckLimits;
  };
  /** The validated rows of a spilled join, by partition of their join key. */
  private mainSpill: RowSpill | undefined;
  private lastSpilled: BatchRows | undefined;
  /** Checks still to finish on this join (a spilled join's files go when the last one is done). */
  private users = 0;

  constructor(
    mainFields: readonly ReadField[],
    up: UpstreamTable,
    joinFields: readonly string[],
    joinType: string | undefined,
    limits: CheckLimits,
  ) {
    const type = JOIN_TYPES[(joinType ?? "outer").trim().toLowerCase()];
    if (!type) {
      throw new RowforgeError("RF_OPTION_INVALID", `joinType "${joinType}" is unknown`, {
        hint: `use one of ${Object.keys(JOIN_TYPES).join(", ")}`,
      });
    }
    this.type = type;
    this.up = up;
    this.setup = { mainFields, joinFields, joinType, limits };
    this.mainWidth = mainFields.length;
    this.matched = new Uint8Array(up.spill ? 0 : up.length);
    const expr =
      joinFields.length === 1 && joinFields[0]!.startsWith("expr:") ? joinFields[0]!.slice(5) : undefined;
    const names = expr === undefined ? joinFields : [];
    const lower = (s: string) => s.toLowerCase();
    const upSlot = (n: string) => up.fields.findIndex((f) => lower(f.name) === lower(n));
    const mainSlot = (n: string) => mainFields.findIndex((f) => lower(f.name) === lower(n));
    for (const n of names) {
      if (mainSlot(n) < 0 || upSlot(n) < 0) {
        const side = mainSlot(n) < 0 ? "the validated data" : `upstream "${up.name}"`;
        throw new RowforgeError(
          "RF_VALIDATION_FIELD_UNKNOWN",
          `joinFields names "${n}", which ${side} does not have`,
          {
            hint: `the fields of ${side}: ${(mainSlot(n) < 0 ? mainFields : up.fields).map((f) => f.name).join(", ")}`,
          },
        );
      }
    }
    this.mainKeySlots = names.map(mainSlot);
    const upKeySlots = names.map(upSlot);
    this.coalesce = mainFields.map((f) => {
      const k = names.findIndex((n) => lower(n) === lower(f.name));
      return k < 0 ? -1 : upKeySlots[k]!;
    });
    this.upstreamColumns = up.fields.map((_, k) => k).filter((k) => !upKeySlots.includes(k));
    const keepsUpstream = type !== "anti" && type !== "semi";
    const joined = [
      ...mainFields,
      ...this.upstreamColumns.map((k) => ({
        name: `${up.name}_${up.fields[k]!.name}`,
        type: up.fields[k]!.type,
      })),
    ];
    this.fields = keepsUpstream ? joined : mainFields;
    if (expr !== undefined) {
      this.condition = compilePredicate(expr, joined, limits, "the join expression");
    } else if (!up.spill) {
      const key: SqlValue[] = new Array(upKeySlots.length);
      for (let r = 0; r < up.length; r++) {
        for (let k = 0; k < upKeySlots.length; k++) key[k] = up.columns[upKeySlots[k]!]![r]!;
        if (key.some((v) => v === null)) continue; // NULL keys never join
        const id = keyOf(key);
        const list = this.index.get(id);
        if (list) list.push(r);
        else this.index.set(id, [r]);
      }
    }
    this.description = `joined with ${up.name} (${type}) on ${expr ?? names.join(", ")}`;
  }

  /** Whether the upstream was spilled: rows are then spilled too (`spillMain`) and joined at the end (`partitions`). */
  get spilled(): boolean {
    return this.up.spill !== undefined;
  }

  /** One more check reads this join. */
  retain(): void {
    this.users++;
  }

  /** A check is done with this join: the last one removes the validated rows' spill files. */
  release(): void {
    if (--this.users <= 0) this.dispose();
  }

  dispose(): void {
    this.mainSpill?.dispose();
    this.mainSpill = undefined;
  }

  /** Writes rows `index[0..count)` of a batch to the partition files of their join key (once per batch for every check). */
  spillMain(rows: BatchRows, index: Uint32Array, count: number): void {
    if (this.lastSpilled === rows) return;
    this.lastSpilled = rows;
    this.mainSpill ??= new RowSpill(this.setup.mainFields, this.mainKeySlots, this.setup.limits.spillDir);
    for (let k = 0; k < count; k++) {
      const i = index[k]!;
      this.mainSpill.add((f) => rows.value(f, i));
    }
  }

  /**
   * The joined rows of a spilled join, partition by partition: the upstream rows of a
   * partition are held in memory and the validated rows of the same partition joined with
   * them, 8,192 at a time, then what a full or right join keeps of the unmatched upstream rows.
   */
  *partitions(): Generator<BatchRows> {
    const spill = this.up.spill;
    if (!spill) return;
    if (this.mainSpill && !this.mainDone) {
      this.mainSpill.finishWriting();
      this.mainDone = true;
    }
    const { mainFields, joinFields, joinType, limits } = this.setup;
    for (let p = 0; p < JOIN_PARTITIONS; p++) {
      const [part] = [...spill.columns(p, Number.POSITIVE_INFINITY)];
      const table: UpstreamTable = {
        name: this.up.name,
        source: this.up.source,
        fields: this.up.fields,
        columns: part!.columns,
        length: part!.length,
        truncated: false,
      };
      const sub = new UpstreamJoin(mainFields, table, joinFields, joinType, limits);
      for (const chunk of this.mainSpill?.columns(p, 8192) ?? []) {
        const rows = BatchRows.ofColumns(mainFields, chunk.columns, chunk.length);
        const index = Uint32Array.from({ length: chunk.length }, (_, i) => i);
        yield sub.join(rows, index, chunk.length);
      }
      const tail = sub.tail();
      if (tail && tail.length > 0) yield tail;
    }
  }
  private mainDone = false;

  get truncatedNote(): string | undefined {
    return this.up.truncated
      ? `upstream ${this.up.name} holds more rows than were read (${this.up.length.toLocaleString("en-US")}): the join is partial`
      : undefined;
  }

  private matches(rows: BatchRows, i: number, scratch: SqlValue[]): readonly number[] {
    if (this.condition) {
      const out: number[] = [];
      for (let k = 0; k < this.mainWidth; k++) scratch[k] = rows.value(k, i);
      for (let r = 0; r < this.up.length; r++) {
        for (let c = 0; c < this.upstreamColumns.length; c++)
          scratch[this.mainWidth + c] = this.up.columns[this.upstreamColumns[c]!]![r]!;
        if (this.condition.evaluate(scratch) === true) out.push(r);
      }
      return out;
    }
    const key = this.mainKeySlots.map((s) => rows.value(s, i));
    if (key.some((v) => v === null)) return [];
    return this.index.get(keyOf(key)) ?? [];
  }

  /** The joined rows of rows `index[0..count)` of a batch (computed once per batch for every check sharing the join). */
  join(rows: BatchRows, index: Uint32Array, count: number): BatchRows {
    if (this.lastInput === rows && this.lastOutput) return this.lastOutput;
    const width = this.fields.length;
    const columns: SqlValue[][] = Array.from({ length: width }, () => []);
    const scratch: SqlValue[] = new Array(this.mainWidth + this.upstreamColumns.length).fill(null);
    let n = 0;
    const emit = (i: number, r: number) => {
      for (let k = 0; k < this.mainWidth; k++) {
        const v = rows.value(k, i);
        columns[k]!.push(
          v === null && r >= 0 && this.coalesce[k]! >= 0 ? this.up.columns[this.coalesce[k]!]![r]! : v,
        );
      }
      for (let c = this.mainWidth; c < width; c++)
        columns[c]!.push(r < 0 ? null : this.up.columns[this.upstreamColumns[c - this.mainWidth]!]![r]!);
      n++;
    };
    for (let k = 0; k < count; k++) {
      const i = index[k]!;
      const found = this.matches(rows, i, scratch);
      for (const r of found) this.matched[r] = 1;
      switch (this.type) {
        case "anti":
          if (found.length === 0) emit(i, -1);
          break;
        case "semi":
          if (found.length > 0) emit(i, -1);
          break;
        default:
          if (found.length === 0) {
            if (this.type === "left" || this.type === "full") emit(i, -1);
          } else for (const r of found) emit(i, r);
      }
    }
    this.lastInput = rows;
    this.lastOutput = BatchRows.ofColumns(this.fields, columns, n);
    return this.lastOutput;
  }

  /** Upstream rows nothing joined (full and right joins), once every batch was joined. */
  tail(): BatchRows | undefined {
    if (this.type !== "full" && this.type !== "right") return undefined;
    if (this.tailRows) return this.tailRows;
    const width = this.fields.length;
    const columns: SqlValue[][] = Array.from({ length: width }, () => []);
    let n = 0;
    for (let r = 0; r < this.up.length; r++) {
      if (this.matched[r]) continue;
      for (let k = 0; k < this.mainWidth; k++)
        columns[k]!.push(this.coalesce[k]! >= 0 ? this.up.columns[this.coalesce[k]!]![r]! : null);
      for (let c = this.mainWidth; c < width; c++)
        columns[c]!.push(this.up.columns[this.upstreamColumns[c - this.mainWidth]!]![r]!);
      n++;
    }
    this.tailRows = BatchRows.ofColumns(this.fields, columns, n);
    return this.tailRows;
  }
}
