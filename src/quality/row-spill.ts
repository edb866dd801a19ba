import type { SqlValue } from "../engine/index.ts";
import type { ReadField } from "./batch-rows.ts";
import { ByteReader, ByteWriter, hashBytes, mix } from "./key-bytes.ts";
import { SpillFiles } from "./spill-files.ts";

/** Partition files of a spilled join side. */
export const JOIN_PARTITIONS = 32;

/**
 * The join partition of a key: equal keys as an upstream join compares them (group-key.ts's
 * keyOf: an int 5 and a long 5 are one key) give the same partition on both sides.
 */
export function joinPartition(key: readonly SqlValue[], w: ByteWriter): number {
  w.reset();
  for (const raw of key) {
    const v =
      typeof raw === "bigint" &&
      raw >= BigInt(Number.MIN_SAFE_INTEGER) &&
      raw <= BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(raw)
        : raw;
    if (v === null) w.byte(0);
    else if (typeof v === "number") {
      w.byte(1);
      w.f64(v);
    } else if (typeof v === "string") {
      w.byte(2);
      w.text(v);
    } else if (typeof v === "boolean") {
      w.byte(3);
      w.byte(v ? 1 : 0);
    } else {
      w.byte(4);
      w.text(JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? `${x}n` : x)) ?? "");
    }
  }
  return (mix(hashBytes(w.buf, 0, w.len) ^ 0x5bd1e995) >>> 0) % JOIN_PARTITIONS;
}

/**
 * Rows of one side of a join written to partition files by their join key, then read back
 * partition by partition as columns (a grace hash join's spill).
 */
export class RowSpill {
  readonly fields: readonly ReadField[];
  private readonly keySlots: readonly number[];
  private readonly files: SpillFiles;
  private readonly w = new ByteWriter();
  private readonly keyWriter = new ByteWriter();
  private readonly key: SqlValue[];
  rows = 0;

  constructor(fields: readonly ReadField[], keySlots: readonly number[], dir: string | undefined) {
    this.fields = fields;
    this.keySlots = keySlots;
    this.key = new Array(keySlots.length);
    this.files = new SpillFiles(JOIN_PARTITIONS, dir);
  }

  /** Appends one row (its values by field). */
  add(values: (k: number) => SqlValue): void {
    const w = this.w;
    w.reset();
    for (let k = 0; k < this.fields.length; k++) w.value(values(k), this.fields[k]!.type);
    for (let k = 0; k < this.keySlots.length; k++) this.key[k] = values(this.keySlots[k]!);
    this.files.write(joinPartition(this.key, this.keyWriter), w.buf, 0, w.len);
    this.rows++;
  }

  finishWriting(): void {
    this.files.finishWriting();
  }

  /** The rows of partition p as columns, `chunk` rows at a time (all of them when chunk is Infinity). */
  *columns(p: number, chunk: number): Generator<{ columns: SqlValue[][]; length: number }> {
    let columns: SqlValue[][] = this.fields.map(() => []);
    let length = 0;
    for (const record of this.files.records(p)) {
      const r = new ByteReader(record);
      for (let k = 0; k < this.fields.length; k++) columns[k]!.push(r.value(this.fields[k]!.type));
      if (++length >= chunk) {
        yield { columns, length };
        columns = this.fields.map(() => []);
        length = 0;
      }
    }
    if (length > 0 || chunk === Number.POSITIVE_INFINITY) yield { columns, length };
  }

  dispose(): void {
    this.files.dispose();
  }
}
