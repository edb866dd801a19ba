import type { Data } from "apache-arrow";
import { ColumnWriter, type Ranges } from "./column-writer.ts";
import { copyValid } from "./copy-valid.ts";
import type { OutStream } from "./out-stream.ts";
import { type ColumnStats, DoubleStats } from "./statistics.ts";
import { type ColumnEncoding, EncodingKind, StreamKind, type StripeSink } from "./stripe-sink.ts";

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** float and double columns: IEEE 754 little-endian values in DATA (4 or 8 bytes each). */
export class DoubleColumnWriter extends ColumnWriter {
  private store: Float32Array | Float64Array;
  private stream: OutStream | null = null;

  constructor(id: number, width: 4 | 8) {
    super(id);
    this.store = width === 4 ? new Float32Array(0) : new Float64Array(0);
  }

  protected appendValues(data: Data, ranges: Ranges, bitmap: Uint8Array | null, at: number): void {
    this.store = copyValid(this.store, at, data.values as Float64Array, data.offset, ranges, bitmap);
  }

  protected valueBytes(): number {
    return this.values * this.store.BYTES_PER_ELEMENT;
  }

  protected newStats(): ColumnStats {
    return new DoubleStats();
  }

  protected openStreams(sink: StripeSink): void {
    this.stream = sink.stream(this.id, StreamKind.DATA);
  }

  protected recordPositions(positions: number[]): void {
    this.stream!.position(positions);
  }

  protected writeGroup(start: number, end: number, stats: ColumnStats): void {
    const store = this.store;
    const width = store.BYTES_PER_ELEMENT;
    if (LITTLE_ENDIAN) {
      this.stream!.write(
        new Uint8Array(store.buffer, store.byteOffset + start * width, (end - start) * width),
      );
    } else {
      const bytes = new Uint8Array((end - start) * width);
      const view = new DataView(bytes.buffer);
      for (let i = start; i < end; i++) {
        if (width === 4) view.setFloat32((i - start) * 4, store[i]!, true);
        else view.setFloat64((i - start) * 8, store[i]!, true);
      }
      this.stream!.write(bytes);
    }
    const s = stats as DoubleStats;
    for (let i = start; i < end; i++) s.add(store[i]!);
  }

  protected closeStreams(): void {
    this.stream = null;
  }

  /** This kind has no RLE version choice: readers expect DIRECT. */
  protected override encoding(): ColumnEncoding {
    return { kind: EncodingKind.DIRECT };
  }

  protected resetValues(): void {}
}
