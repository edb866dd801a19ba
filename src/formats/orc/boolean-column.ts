import type { Data } from "apache-arrow";
import { BoolRleWriter } from "./byte-rle.ts";
import { bitSet, ColumnWriter, type Ranges, slotCount } from "./column-writer.ts";
import { ensureCapacity } from "./growable.ts";
import type { OutStream } from "./out-stream.ts";
import { BooleanStats, type ColumnStats } from "./statistics.ts";
import { type ColumnEncoding, EncodingKind, StreamKind, type StripeSink } from "./stripe-sink.ts";

/** boolean columns: boolean RLE in DATA. */
export class BooleanColumnWriter extends ColumnWriter {
  private store = new Uint8Array(0);
  private stream: OutStream | null = null;
  private writer: BoolRleWriter | null = null;

  protected appendValues(data: Data, ranges: Ranges, bitmap: Uint8Array | null, at: number): void {
    // Arrow packs booleans least significant bit first, and (unlike other buffers) a slice keeps them unshifted.
    const bits = data.values as Uint8Array;
    const n = slotCount(ranges);
    this.store = ensureCapacity(this.store, at + n);
    const store = this.store;
    let k = at;
    for (let r = 0; r < ranges.length; r += 2) {
      for (let i = ranges[r]!, bit = data.offset + i; i < ranges[r + 1]!; i++, bit++) {
        if (bitmap !== null && !bitSet(bitmap, bit)) continue;
        store[k++] = (bits[bit >> 3]! >> (bit & 7)) & 1;
      }
    }
  }

  protected valueBytes(): number {
    return this.values;
  }

  protected newStats(): ColumnStats {
    return new BooleanStats();
  }

  protected openStreams(sink: StripeSink): void {
    this.stream = sink.stream(this.id, StreamKind.DATA);
    this.writer = new BoolRleWriter(this.stream);
  }

  protected recordPositions(positions: number[]): void {
    const bits = this.writer!.flushRun();
    this.stream!.position(positions);
    positions.push(0, bits);
  }

  protected writeGroup(start: number, end: number, stats: ColumnStats): void {
    const store = this.store;
    let trues = 0;
    for (let i = start; i < end; i++) {
      this.writer!.write(store[i]!);
      trues += store[i]!;
    }
    (stats as BooleanStats).sum = trues;
  }

  protected closeStreams(): void {
    this.writer!.finish();
    this.writer = null;
    this.stream = null;
  }

  /** This kind has no RLE version choice: readers expect DIRECT. */
  protected override encoding(): ColumnEncoding {
    return { kind: EncodingKind.DIRECT };
  }

  protected resetValues(): void {}
}
