import { compileOrdering } from "../engine/index.ts";
import { DataTypes } from "../model/data-type.ts";
import type { CheckLimits } from "./check.ts";
import { GroupStates } from "./group-states.ts";
import { ByteReader, ByteWriter, hashBytes } from "./key-bytes.ts";
import { SpilledGroups } from "./spilled-groups.ts";

/** One distinct value once all were seen: its text, its rows and the number of the first row it was seen in. */
export type DistinctVisitor = (value: string, rows: number, firstRow: number) => void;

const ORDER = compileOrdering(DataTypes.double);

/**
 * The distinct values of a field (as text) with their row counts and first row: group keys
 * with no other state, held as group-by holds its groups (byte-key table, see group-states.ts)
 * and, past `maxGroups` values (or 256 MiB of keys), moved to partition files by a hash of the
 * value and counted partition by partition at the end, so the result is exact whatever the
 * number of values. `forEach` visits every value once (in no set order); the files are removed
 * then, or by `dispose`.
 */
export class DistinctValues {
  private readonly groups: SpilledGroups;
  private readonly writer = new ByteWriter();
  private rowNumber = 0;
  /** Whether the values went to files on disk (past the memory budget); known once visited. */
  spilled = false;

  constructor(limits: CheckLimits) {
    // A value's state: its row count and the least row number it was seen at (the first).
    this.groups = new SpilledGroups(() => new GroupStates("min", DataTypes.double, ORDER), limits);
  }

  /** Partitions finished on their own (after a spill). */
  get partitionsRead(): number {
    return this.groups.partitionsRead;
  }

  /** One more row of a value (non-null values only; rows are numbered in the order added). */
  add(value: string): void {
    const w = this.writer;
    w.reset();
    w.text(value);
    const held = this.groups.held;
    const g = held.groupOf(w.buf, 0, w.len, hashBytes(w.buf, 0, w.len));
    held.addRow(g, this.rowNumber++);
    this.groups.afterAdd();
  }

  /** Visits every distinct value once, then releases the files. */
  forEach(visit: DistinctVisitor): void {
    try {
      this.groups.finish((states) => {
        for (let g = 0; g < states.size; g++) {
          const r = new ByteReader(states.table.key(g));
          visit(r.text(), states.rowsOf(g), states.aggregate(g, false) as number);
        }
      });
    } finally {
      this.spilled = this.groups.onDisk;
      this.dispose();
    }
  }

  dispose(): void {
    this.groups.dispose();
  }
}
