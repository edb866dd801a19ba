import type { Data } from "apache-arrow";
import { bitSet, ColumnWriter, type Ranges, slotCount } from "./column-writer.ts";
import { ensureCapacity } from "./growable.ts";
import type { OutStream } from "./out-stream.ts";
import { RleV2Writer } from "./rle-v2.ts";
import { CollectionStats, type ColumnStats } from "./statistics.ts";
import { StreamKind, type StripeSink } from "./stripe-sink.ts";

/**
 * list and map columns: PRESENT, LENGTH (entries per value, unsigned RLE v2) and the child
 * columns (the element, or the key and the value) holding the entries of the non-null values.
 */
export class ListColumnWriter extends ColumnWriter {
  private readonly isMap: boolean;
  private lengths = new Int32Array(0);
  private stream: OutStream | null = null;
  private rle: RleV2Writer | null = null;

  /** `children`: [element] for a list, [key, value] for a map. */
  constructor(id: number, children: ColumnWriter[], isMap: boolean) {
    super(id);
    this.children.push(...children);
    this.isMap = isMap;
  }

  protected appendValues(data: Data, ranges: Ranges, bitmap: Uint8Array | null, at: number): void {
    const offsets = data.valueOffsets as Int32Array;
    const n = slotCount(ranges);
    this.lengths = ensureCapacity(this.lengths, at + n);
    const runs: number[] = [];
    let k = at;
    for (let r = 0; r < ranges.length; r += 2) {
      for (let i = ranges[r]!, bit = data.offset + i; i < ranges[r + 1]!; i++, bit++) {
        if (bitmap !== null && !bitSet(bitmap, bit)) continue;
        const s = offsets[i]!;
        const e = offsets[i + 1]!;
        this.lengths[k++] = e - s;
        if (e === s) continue;
        // Adjacent lists share a boundary: extend the last run instead of starting one.
        if (runs.length > 0 && runs[runs.length - 1] === s) runs[runs.length - 1] = e;
        else runs.push(s, e);
      }
    }
    const child = data.children[0]!;
    if (this.isMap) {
      this.children[0]!.append(child.children[0]!, runs);
      this.children[1]!.append(child.children[1]!, runs);
    } else this.children[0]!.append(child, runs);
  }

  protected valueBytes(): number {
    return this.values * 4;
  }

  protected newStats(): ColumnStats {
    return new CollectionStats();
  }

  protected openStreams(sink: StripeSink): void {
    this.stream = sink.stream(this.id, StreamKind.LENGTH);
    this.rle = new RleV2Writer(this.stream, false);
  }

  protected recordPositions(positions: number[]): void {
    this.stream!.position(positions);
    positions.push(0);
  }

  protected writeGroup(start: number, end: number, stats: ColumnStats): void {
    this.rle!.write(this.lengths, start, end);
    const s = stats as CollectionStats;
    for (let k = start; k < end; k++) s.add(this.lengths[k]!);
  }

  protected closeStreams(): void {
    this.stream = null;
    this.rle = null;
  }

  protected resetValues(): void {}
}
