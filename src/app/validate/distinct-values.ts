import { compileOrdering } from "../../engine/index.ts";
import { DataTypes } from "../../model/data-type.ts";
import type { CheckLimits } from "./check.ts";
import {
  HELD_GROUPS,
  MAX_DEPTH,
  PARTITIONS,
  partitionOf,
  RECORD_BYTES,
  SPILL_BYTES,
  writeAll,
} from "./group-by-check.ts";
import { GroupStates } from "./group-states.ts";
import { ByteReader, ByteWriter, hashBytes } from "./key-bytes.ts";
import { SpillFiles } from "./spill-files.ts";

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
  private readonly limits: CheckLimits;
  private held = DistinctValues.states();
  private readonly writer = new ByteWriter();
  private readonly reader = new ByteReader(new Uint8Array(0));
  private spill: SpillFiles | undefined;
  private readonly spills: SpillFiles[] = [];
  private rowNumber = 0;
  /** Partitions finished on their own (after a spill). */
  partitionsRead = 0;

  constructor(limits: CheckLimits) {
    this.limits = limits;
  }

  /** A value's state: its row count and the least row number it was seen at (the first). */
  private static states(): GroupStates {
    return new GroupStates("min", DataTypes.double, ORDER);
  }

  /** Whether the values went to files on disk (past the memory budget); known once visited. */
  spilled = false;

  /** One more row of a value (non-null values only; rows are numbered in the order added). */
  add(value: string): void {
    const w = this.writer;
    w.reset();
    w.text(value);
    const g = this.held.groupOf(w.buf, 0, w.len, hashBytes(w.buf, 0, w.len));
    this.held.addRow(g, this.rowNumber++);
    if (
      this.held.size >= Math.min(this.limits.maxGroups, HELD_GROUPS) ||
      this.held.table.bytes >= SPILL_BYTES
    )
      this.spillHeld();
  }

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

  /** Visits every distinct value once, then releases the files. */
  forEach(visit: DistinctVisitor): void {
    try {
      if (this.spill === undefined) this.visitAll(this.held, visit);
      else {
        this.spillHeld();
        this.finishSpill(this.spill, 0, visit);
      }
    } finally {
      this.spilled = this.spills.some((s) => s.onDisk);
      this.dispose();
    }
  }

  dispose(): void {
    for (const s of this.spills) s.dispose();
    this.spills.length = 0;
  }

  private visitAll(states: GroupStates, visit: DistinctVisitor): void {
    for (let g = 0; g < states.size; g++) {
      const r = new ByteReader(states.table.key(g));
      visit(r.text(), states.rowsOf(g), states.aggregate(g, false) as number);
    }
  }

  /** Merges each partition of a level, splitting again one that still holds the budget of values. */
  private finishSpill(spill: SpillFiles, depth: number, visit: DistinctVisitor): void {
    spill.finishWriting();
    for (let p = 0; p < spill.partitions; p++) {
      const states = DistinctValues.states();
      states.reserve(Math.min(spill.counts[p]!, this.limits.maxGroups), 16);
      let deeper: SpillFiles | undefined;
      let any = false;
      const r = this.reader;
      spill.forEach(p, (buf, start, end) => {
        any = true;
        // A record: the key's hash, the key after its length, the state.
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
        if (
          depth + 1 < MAX_DEPTH &&
          (states.size >= this.limits.maxGroups || states.table.bytes >= SPILL_BYTES)
        ) {
          deeper = this.newSpill();
          writeAll(states, deeper, depth + 1, this.writer);
          states.clear();
        }
      });
      if (!any) continue;
      if (deeper !== undefined) this.finishSpill(deeper, depth + 1, visit);
      else {
        this.partitionsRead++;
        this.visitAll(states, visit);
      }
    }
    spill.dispose();
  }
}
