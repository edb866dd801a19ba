import type { CheckLimits } from "./check.ts";
import type { GroupStates } from "./group-states.ts";
import { ByteReader, ByteWriter, mix } from "./key-bytes.ts";
import { SpillFiles } from "./spill-files.ts";

/** Partitions per level (a partition's groups then fit in a cache-sized table). */
const PARTITIONS = 64;
/**
 * Groups held in the table rows go into first: past them, the groups move to partitions by
 * hash (in memory up to the budget, else on disk) and are merged partition by partition at the
 * end. A table this size stays in the processor's cache, where one of a million keys would miss
 * it on every row.
 */
const HELD_GROUPS = 1 << 14;
/** Bytes of partition records per group of the budget held in memory before they go to disk. */
const RECORD_BYTES = 32;
/** Bytes of keys held in memory before they spill, whatever the number of groups. */
const SPILL_BYTES = 256 * 1024 * 1024;
/** Levels of re-partitioning before a partition is finished in memory whatever its size (keys of one hash). */
const MAX_DEPTH = 6;
/**
 * Rows of a count of rows that go straight to the partitions (no table) after `held` filled up
 * with keys all but distinct (ids, `unique`): the table would only hold each key once more.
 * Then `held` takes rows again and looks at the keys anew.
 */
const DIRECT_ROWS = 8 * HELD_GROUPS;
/** Rows per group of a `held` that filled up below which its keys count as all but distinct. */
const DISTINCT_RATIO = 1.05;

/** Partition of a key hash at a level of spilling (bits independent of the table's and of other levels'). */
const partitionOf = (h: number, depth: number): number =>
  (mix(h ^ Math.imul(depth + 1, 0x9e3779b9)) >>> 0) % PARTITIONS;

/**
 * Groups keyed by bytes (key-bytes.ts) with their states (group-states.ts), in bounded memory
 * and exact: rows go into a cache-sized table (`held`); when it fills, its groups move to
 * partitions by a hash of their key (in memory up to `maxGroups` groups' worth of records, else
 * on disk) and it starts again; `finish` merges each partition on its own, splitting again one
 * that still holds the budget. Group-by and `unique` (group-by-check.ts) and distinct values
 * (distinct-values.ts) keep their groups here. The files are removed by `dispose`.
 */
export class SpilledGroups {
  /** The table rows go into (cleared, never replaced, when it spills). */
  readonly held: GroupStates;
  private readonly newStates: () => GroupStates;
  private readonly limits: CheckLimits;
  private readonly writer = new ByteWriter();
  private readonly reader = new ByteReader(new Uint8Array(0));
  private spill: SpillFiles | undefined;
  /** Every spill file made (nested levels too). */
  private readonly spills: SpillFiles[] = [];
  /** Partitions finished on their own (after a spill). */
  partitionsRead = 0;
  /** Whether groups went to files on disk (past the memory budget); known once finished. */
  onDisk = false;
  /** Rows added to `held` since it was last emptied. */
  private heldRows = 0;
  /** Rows still to go straight to the partitions (counts of rows only). */
  private direct = 0;

  constructor(newStates: () => GroupStates, limits: CheckLimits) {
    this.newStates = newStates;
    this.limits = limits;
    this.held = newStates();
  }

  /** Groups `held` takes before it spills. */
  get heldGroups(): number {
    return Math.min(this.limits.maxGroups, HELD_GROUPS);
  }

  /** Whether groups moved to partitions (so `held` is not all of them). */
  get spilled(): boolean {
    return this.spill !== undefined;
  }

  /** Called after each row added to `held`: moves its groups to the partitions when it is full. */
  afterAdd(): void {
    this.heldRows++;
    if (this.held.size >= this.heldGroups || this.held.table.bytes >= SPILL_BYTES) {
      const distinct = this.held.size >= this.heldGroups && this.heldRows < this.held.size * DISTINCT_RATIO;
      this.spillHeld();
      if (distinct && this.held.countsOnly) this.direct = DIRECT_ROWS;
    }
  }

  /**
   * One row of the key `buf[off..off + len)` (hash h) for groups that only count rows: into
   * `held`, or, while the keys are all but distinct, straight to its partition as a group of one.
   */
  countRow(buf: Uint8Array, off: number, len: number, h: number): void {
    if (this.direct > 0) {
      this.direct--;
      this.writeOne(buf, off, len, h);
      return;
    }
    const held = this.held;
    held.addRow(held.groupOf(buf, off, len, h), null);
    this.afterAdd();
  }

  /** Visits every group once: `held` when nothing spilled, else each partition's merged groups. */
  finish(visit: (states: GroupStates) => void): void {
    try {
      if (this.spill === undefined) visit(this.held);
      else {
        this.spillHeld();
        this.finishSpill(this.spill, 0, visit);
      }
    } finally {
      this.onDisk = this.spills.some((s) => s.onDisk);
    }
  }

  dispose(): void {
    for (const s of this.spills) s.dispose();
    this.spills.length = 0;
  }

  private spillHeld(): void {
    this.spill ??= this.newSpill();
    this.writeAll(this.held, this.spill, 0);
    this.held.clear();
    this.heldRows = 0;
  }

  private newSpill(): SpillFiles {
    const s = new SpillFiles(PARTITIONS, this.limits.spillDir, this.limits.maxGroups * RECORD_BYTES);
    this.spills.push(s);
    return s;
  }

  /** Writes every group of `states` as a record to its partition of a level. */
  private writeAll(states: GroupStates, spill: SpillFiles, depth: number): void {
    const w = this.writer;
    for (let g = 0; g < states.size; g++) {
      w.reset();
      states.writeRecord(g, w);
      spill.write(partitionOf(states.table.hashOf(g), depth), w.buf, 0, w.len);
    }
  }

  /**
   * A group of one row of a count of rows, written in its partition as writeRecord writes it (the
   * hash as 4 bytes, the key after its length, the count as a float64), with no copy on the way.
   */
  private writeOne(key: Uint8Array, off: number, len: number, h: number): void {
    const spill = this.spill!;
    const p = partitionOf(h, 0);
    const lenBytes = len < 0x80 ? 1 : len < 0x4000 ? 2 : len < 0x200000 ? 3 : len < 0x10000000 ? 4 : 5;
    let at = spill.place(p, 4 + lenBytes + len + 8);
    const b = spill.buffer(p);
    b[at++] = h & 0xff;
    b[at++] = (h >>> 8) & 0xff;
    b[at++] = (h >>> 16) & 0xff;
    b[at++] = h >>> 24;
    let n = len;
    while (n >= 0x80) {
      b[at++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    b[at++] = n;
    if (len < 64) for (let k = 0; k < len; k++) b[at + k] = key[off + k]!;
    else b.set(key.subarray(off, off + len), at);
    at += len;
    // 1 as a little-endian float64 (stores, not a call to fill, per row).
    b[at] = 0;
    b[at + 1] = 0;
    b[at + 2] = 0;
    b[at + 3] = 0;
    b[at + 4] = 0;
    b[at + 5] = 0;
    b[at + 6] = 0xf0;
    b[at + 7] = 0x3f;
  }

  /** Finishes every partition of a spill at a level: merges its records, splitting again a partition still too large. */
  private finishSpill(spill: SpillFiles, depth: number, visit: (states: GroupStates) => void): void {
    spill.finishWriting();
    // One table for the partitions of the level in turn (cleared, its memory kept), not one each.
    const states = this.newStates();
    for (let p = 0; p < spill.partitions; p++) {
      states.clear();
      states.reserve(Math.min(spill.counts[p]!, this.limits.maxGroups), 16);
      let deeper: SpillFiles | undefined;
      let seen = false;
      const r = this.reader;
      spill.forEach(p, (buf, start, end) => {
        seen = true;
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
        if (
          depth + 1 < MAX_DEPTH &&
          (states.size >= this.limits.maxGroups || states.table.bytes >= SPILL_BYTES)
        ) {
          deeper = this.newSpill();
          this.writeAll(states, deeper, depth + 1);
          states.clear();
        }
      });
      if (!seen) continue;
      if (deeper !== undefined) this.finishSpill(deeper, depth + 1, visit);
      else {
        this.partitionsRead++;
        visit(states);
      }
    }
    spill.dispose();
  }
}
