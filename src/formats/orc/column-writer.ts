import type { Data } from "apache-arrow";
import { ProtoWriter } from "../protobuf/proto-writer.ts";
import { BoolRleWriter } from "./byte-rle.ts";
import { ensureCapacity } from "./growable.ts";
import type { OutStream } from "./out-stream.ts";
import type { ColumnStats } from "./statistics.ts";
import { type ColumnEncoding, EncodingKind, StreamKind, type StripeSink } from "./stripe-sink.ts";

/**
 * Row ranges: flat [start, end) pairs of slots in an Arrow `Data`. Nested columns pass their
 * children the ranges of their non-null values (ORC stores nothing under a null parent).
 */
export type Ranges = readonly number[];

/** How many slots the ranges cover. */
export function slotCount(ranges: Ranges): number {
  let n = 0;
  for (let r = 0; r < ranges.length; r += 2) n += ranges[r + 1]! - ranges[r]!;
  return n;
}

/** The validity bitmap of `data`, or null when every slot holds a value. Slot i is bit (data.offset + i). */
export function validityOf(data: Data): Uint8Array | null {
  const bitmap = data.nullBitmap;
  if (data.nullCount === 0 || !bitmap || bitmap.length === 0) return null;
  return bitmap;
}

/** Whether bit `bit` of a validity bitmap is set. */
export function bitSet(bitmap: Uint8Array, bit: number): boolean {
  return ((bitmap[bit >> 3]! >> (bit & 7)) & 1) === 1;
}

/**
 * The part every ORC column shares: the PRESENT bits of the stripe's slots, row-group marks,
 * and the per-group loop of `flush`, which records the row index positions of each stream
 * before the group's values are written, and the group's statistics after. Subclasses buffer
 * their values as they are appended and encode them group by group at the end of a stripe.
 */
export abstract class ColumnWriter {
  readonly id: number;
  readonly children: ColumnWriter[] = [];
  private whole: ColumnStats | null = null;
  private present = new Uint8Array(256);
  /** Slots (values and nulls) appended in this stripe. */
  protected slots = 0;
  /** Non-null values appended in this stripe. */
  protected values = 0;
  private readonly groupSlots: number[] = [0];
  private readonly groupValues: number[] = [0];
  private presentWriter: BoolRleWriter | null = null;

  constructor(id: number) {
    this.id = id;
  }

  /** Statistics of the stripes written so far. */
  get fileStats(): ColumnStats {
    this.whole ??= this.newStats();
    return this.whole;
  }

  /** Appends the slots of `ranges`. */
  append(data: Data, ranges: Ranges): void {
    const bitmap = validityOf(data);
    let added = 0;
    for (let r = 0; r < ranges.length; r += 2) added += ranges[r + 1]! - ranges[r]!;
    this.present = ensureCapacity(this.present, this.slots + added);
    const present = this.present;
    let at = this.slots;
    let values = 0;
    for (let r = 0; r < ranges.length; r += 2) {
      const start = ranges[r]!;
      const end = ranges[r + 1]!;
      if (bitmap === null) {
        present.fill(1, at, at + end - start);
        at += end - start;
        values += end - start;
        continue;
      }
      for (let i = start, bit = data.offset + start; i < end; i++, bit++) {
        const v = (bitmap[bit >> 3]! >> (bit & 7)) & 1;
        present[at++] = v;
        values += v;
      }
    }
    const before = this.values;
    this.slots = at;
    this.values += values;
    this.appendValues(data, ranges, bitmap, before);
  }

  /** Starts a new row group here (and in the children). */
  markRowGroup(): void {
    this.groupSlots.push(this.slots);
    this.groupValues.push(this.values);
    for (const c of this.children) c.markRowGroup();
  }

  /** An estimate of the memory the buffered stripe holds, children included. */
  bufferedBytes(): number {
    let n = this.slots + this.valueBytes();
    for (const c of this.children) n += c.bufferedBytes();
    return n;
  }

  /** Encodes the stripe's buffered values into `sink`, then forgets them. */
  flush(sink: StripeSink): void {
    const hasNulls = this.values < this.slots;
    let presentStream: OutStream | null = null;
    if (hasNulls) {
      presentStream = sink.stream(this.id, StreamKind.PRESENT);
      this.presentWriter = new BoolRleWriter(presentStream);
    }
    this.openStreams(sink);
    const stripeStats = this.newStats();
    const index = new ProtoWriter();
    const groups = this.groupSlots.length;
    for (let g = 0; g < groups; g++) {
      const slotStart = this.groupSlots[g]!;
      const slotEnd = g + 1 < groups ? this.groupSlots[g + 1]! : this.slots;
      const valueStart = this.groupValues[g]!;
      const valueEnd = g + 1 < groups ? this.groupValues[g + 1]! : this.values;
      const positions: number[] = [];
      if (presentStream && this.presentWriter) {
        const bits = this.presentWriter.flushRun();
        presentStream.position(positions);
        positions.push(0, bits);
        for (let s = slotStart; s < slotEnd; s++) this.presentWriter.write(this.present[s]!);
      }
      this.recordPositions(positions);
      const stats = this.newStats();
      this.writeGroup(valueStart, valueEnd, stats);
      stats.count = valueEnd - valueStart;
      stats.hasNull = valueEnd - valueStart < slotEnd - slotStart;
      stripeStats.merge(stats);
      index.message(1, (entry) => {
        entry.packedUints(1, positions);
        entry.message(2, (s) => stats.write(s));
      });
    }
    this.presentWriter?.finish();
    this.presentWriter = null;
    this.closeStreams();
    sink.indexes[this.id] = index.finish();
    sink.encodings[this.id] = this.encoding();
    sink.stats[this.id] = stripeStats;
    this.fileStats.merge(stripeStats);
    for (const c of this.children) c.flush(sink);
    this.slots = 0;
    this.values = 0;
    this.groupSlots.length = 1;
    this.groupValues.length = 1;
    this.resetValues();
  }

  /**
   * Buffers the non-null values among `ranges` from value index `at` (the PRESENT bits are
   * already recorded; `bitmap` is the validity bitmap, null when all are valid).
   */
  protected abstract appendValues(data: Data, ranges: Ranges, bitmap: Uint8Array | null, at: number): void;
  /** Bytes held by the buffered values. */
  protected abstract valueBytes(): number;
  /** A fresh statistics object of this column's kind. */
  protected abstract newStats(): ColumnStats;
  /** Creates this stripe's streams (after PRESENT). */
  protected abstract openStreams(sink: StripeSink): void;
  /** Appends each stream's position, in the order the specification fixes for the column kind. */
  protected abstract recordPositions(positions: number[]): void;
  /** Encodes values [start, end) of the stripe and gathers their statistics. */
  protected abstract writeGroup(start: number, end: number, stats: ColumnStats): void;
  /** Ends the streams (writes what encoders still hold). */
  protected abstract closeStreams(): void;
  /** Drops the buffered values. */
  protected abstract resetValues(): void;

  protected encoding(): ColumnEncoding {
    return { kind: EncodingKind.DIRECT_V2 };
  }
}
