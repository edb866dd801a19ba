import type { Data, TimeUnit } from "apache-arrow";
import { bitSet, ColumnWriter, type Ranges, slotCount } from "./column-writer.ts";
import { ensureCapacity } from "./growable.ts";
import type { OutStream } from "./out-stream.ts";
import { RleV2Writer } from "./rle-v2.ts";
import { type ColumnStats, TimestampStats } from "./statistics.ts";
import { StreamKind, type StripeSink } from "./stripe-sink.ts";

/** 2015-01-01T00:00:00Z in seconds since 1970: ORC counts timestamp seconds from it. */
export const ORC_EPOCH_SECONDS = 1_420_070_400;
const TWO_POW_32 = 4294967296;

/**
 * timestamp columns: DATA = seconds since 2015-01-01 UTC (signed RLE v2), SECONDARY = the
 * nanoseconds with trailing decimal zeros folded into the low 3 bits (unsigned RLE v2).
 * Values are buffered as floor seconds since 1970 and nanoseconds within that second.
 */
export class TimestampColumnWriter extends ColumnWriter {
  private readonly ticksPerSecond: number;
  private readonly nanosPerTick: number;
  private secs = new Float64Array(0);
  private nanos = new Int32Array(0);
  private data: OutStream | null = null;
  private secondary: OutStream | null = null;
  private secondsRle: RleV2Writer | null = null;
  private nanosRle: RleV2Writer | null = null;
  private scratch = new Float64Array(0);

  constructor(id: number, unit: TimeUnit) {
    super(id);
    this.ticksPerSecond = [1, 1e3, 1e6, 1e9][unit]!;
    this.nanosPerTick = 1e9 / this.ticksPerSecond;
  }

  protected appendValues(data: Data, ranges: Ranges, bitmap: Uint8Array | null, at: number): void {
    const src = data.values as BigInt64Array;
    const words = new Int32Array(src.buffer, src.byteOffset, src.length * 2);
    const n = slotCount(ranges);
    this.secs = ensureCapacity(this.secs, at + n);
    this.nanos = ensureCapacity(this.nanos, at + n);
    const tps = this.ticksPerSecond;
    let k = at;
    for (let r = 0; r < ranges.length; r += 2) {
      for (let i = ranges[r]!, bit = data.offset + i; i < ranges[r + 1]!; i++, bit++) {
        if (bitmap !== null && !bitSet(bitmap, bit)) continue;
        const hi = words[i * 2 + 1]!;
        let sec: number;
        let rem: number;
        if (hi >= -0x200000 && hi < 0x200000) {
          const x = hi * TWO_POW_32 + (words[i * 2]! >>> 0);
          sec = Math.floor(x / tps);
          rem = x - sec * tps;
          if (rem < 0) {
            sec--;
            rem += tps;
          } else if (rem >= tps) {
            sec++;
            rem -= tps;
          }
        } else {
          const big = src[i]!;
          const t = BigInt(tps);
          let q = big / t;
          let m = big % t;
          if (m < 0n) {
            q -= 1n;
            m += t;
          }
          sec = Number(q);
          rem = Number(m);
        }
        this.secs[k] = sec;
        this.nanos[k] = rem * this.nanosPerTick;
        k++;
      }
    }
  }

  protected valueBytes(): number {
    return this.values * 12;
  }

  protected newStats(): ColumnStats {
    return new TimestampStats();
  }

  protected openStreams(sink: StripeSink): void {
    this.data = sink.stream(this.id, StreamKind.DATA);
    this.secondary = sink.stream(this.id, StreamKind.SECONDARY);
    this.secondsRle = new RleV2Writer(this.data, true);
    this.nanosRle = new RleV2Writer(this.secondary, false);
  }

  protected recordPositions(positions: number[]): void {
    this.data!.position(positions);
    positions.push(0);
    this.secondary!.position(positions);
    positions.push(0);
  }

  protected writeGroup(start: number, end: number, stats: ColumnStats): void {
    const n = end - start;
    this.scratch = ensureCapacity(this.scratch, n);
    const out = this.scratch;
    const s = stats as TimestampStats;
    for (let k = start; k < end; k++) {
      const sec = this.secs[k]!;
      const nanos = this.nanos[k]!;
      // Seconds are stored truncated toward zero at millisecond precision, as readers undo it:
      // a negative time with a millisecond fraction is written one second later.
      out[k - start] = (sec < 0 && nanos >= 1_000_000 ? sec + 1 : sec) - ORC_EPOCH_SECONDS;
      s.add(sec, nanos);
    }
    this.secondsRle!.write(out, 0, n);
    for (let k = start; k < end; k++) out[k - start] = formatNanos(this.nanos[k]!);
    this.nanosRle!.write(out, 0, n);
  }

  protected closeStreams(): void {
    this.data = this.secondary = null;
    this.secondsRle = this.nanosRle = null;
  }

  protected resetValues(): void {}
}

/** Nanoseconds with trailing zeros removed: value * 8 + (zeros removed - 1), or value * 8 when fewer than 2. */
export function formatNanos(nanos: number): number {
  if (nanos === 0) return 0;
  if (nanos % 100 !== 0) return nanos * 8;
  let v = nanos / 100;
  let zeros = 1;
  while (v % 10 === 0 && zeros < 7) {
    v /= 10;
    zeros++;
  }
  return v * 8 + zeros;
}
