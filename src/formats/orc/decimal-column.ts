import type { Data } from "apache-arrow";
import { ColumnWriter, type Ranges, slotCount } from "./column-writer.ts";
import { ensureCapacity } from "./growable.ts";
import type { OutStream } from "./out-stream.ts";
import { RleV2Writer, writeVarint } from "./rle-v2.ts";
import { type ColumnStats, DecimalStats } from "./statistics.ts";
import { StreamKind, type StripeSink } from "./stripe-sink.ts";

const TWO_POW_32 = 4294967296;

/**
 * decimal columns (the ORC v1 layout): DATA holds each unscaled value as an unbounded
 * zigzag base-128 varint, SECONDARY the scale of each value (signed RLE v2). Arrow Decimal128
 * values arrive as four little-endian 32-bit words.
 */
export class DecimalColumnWriter extends ColumnWriter {
  private readonly scale: number;
  private words = new Uint32Array(0);
  private data: OutStream | null = null;
  private secondary: OutStream | null = null;
  private scales: RleV2Writer | null = null;

  constructor(id: number, scale: number) {
    super(id);
    this.scale = scale;
  }

  protected appendValues(data: Data, ranges: Ranges, bitmap: Uint8Array | null, at: number): void {
    const src = data.values as Uint32Array;
    const n = slotCount(ranges);
    this.words = ensureCapacity(this.words, (at + n) * 4);
    const words = this.words;
    let k = at * 4;
    for (let r = 0; r < ranges.length; r += 2) {
      const start = ranges[r]!;
      const end = ranges[r + 1]!;
      if (bitmap === null) {
        words.set(src.subarray(start * 4, end * 4), k);
        k += (end - start) * 4;
        continue;
      }
      for (let i = start, bit = data.offset + start; i < end; i++, bit++) {
        if (((bitmap[bit >> 3]! >> (bit & 7)) & 1) === 0) continue;
        words.set(src.subarray(i * 4, i * 4 + 4), k);
        k += 4;
      }
    }
  }

  protected valueBytes(): number {
    return this.values * 16;
  }

  protected newStats(): ColumnStats {
    return new DecimalStats(this.scale);
  }

  protected openStreams(sink: StripeSink): void {
    this.data = sink.stream(this.id, StreamKind.DATA);
    this.secondary = sink.stream(this.id, StreamKind.SECONDARY);
    this.scales = new RleV2Writer(this.secondary, true);
  }

  protected recordPositions(positions: number[]): void {
    this.data!.position(positions);
    this.secondary!.position(positions);
    positions.push(0);
  }

  protected writeGroup(start: number, end: number, stats: ColumnStats): void {
    const words = this.words;
    const out = this.data!;
    const s = stats as DecimalStats;
    for (let k = start; k < end; k++) {
      const w0 = words[k * 4]!;
      const w1 = words[k * 4 + 1]!;
      const w2 = words[k * 4 + 2]!;
      const w3 = words[k * 4 + 3]!;
      if (
        (w3 === 0 && w2 === 0 && w1 < 0x80000) ||
        (w3 === 0xffffffff && w2 === 0xffffffff && w1 >= 0xfff80000)
      ) {
        const v = (w1 | 0) * TWO_POW_32 + w0;
        writeVarint(out, v >= 0 ? v * 2 : -v * 2 - 1);
        s.add(v);
      } else {
        const v = BigInt.asIntN(
          128,
          (BigInt(w3) << 96n) | (BigInt(w2) << 64n) | (BigInt(w1) << 32n) | BigInt(w0),
        );
        writeBigVarint(out, v >= 0n ? v << 1n : (-v << 1n) - 1n);
        s.add(v);
      }
    }
    this.scales!.writeRepeat(this.scale, end - start);
  }

  protected closeStreams(): void {
    this.data = this.secondary = null;
    this.scales = null;
  }

  protected resetValues(): void {}
}

function writeBigVarint(out: OutStream, x: bigint): void {
  let v = x;
  while (v >= 0x80n) {
    out.writeByte(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.writeByte(Number(v));
}
