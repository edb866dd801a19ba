import type { Data } from "apache-arrow";
import { ByteRleWriter } from "./byte-rle.ts";
import { ColumnWriter, type Ranges } from "./column-writer.ts";
import { copyValid } from "./copy-valid.ts";
import type { OutStream } from "./out-stream.ts";
import { RleV2Writer } from "./rle-v2.ts";
import { type ColumnStats, DateStats, IntegerStats } from "./statistics.ts";
import { type ColumnEncoding, EncodingKind, StreamKind, type StripeSink } from "./stripe-sink.ts";

/** byte: byte RLE; short, int, date: RLE v2 of 32-bit values; long: RLE v2 of 64-bit values. */
export type IntegerKind = "byte" | "short" | "int" | "long" | "date";

const TWO_POW_32 = 4294967296;

/** Integer-valued columns: tinyint/smallint/int/bigint and date (days since 1970), one signed DATA stream. */
export class IntegerColumnWriter extends ColumnWriter {
  private readonly kind: IntegerKind;
  private ints = new Int32Array(0);
  private longs = new BigInt64Array(0);
  private stream: OutStream | null = null;
  private rle: RleV2Writer | null = null;
  private bytes: ByteRleWriter | null = null;

  constructor(id: number, kind: IntegerKind) {
    super(id);
    this.kind = kind;
  }

  protected appendValues(data: Data, ranges: Ranges, bitmap: Uint8Array | null, at: number): void {
    const src = data.values as Int8Array | Int16Array | Int32Array | BigInt64Array;
    if (src instanceof BigInt64Array)
      this.longs = copyValid(this.longs, at, src, data.offset, ranges, bitmap);
    else this.ints = copyValid(this.ints, at, src, data.offset, ranges, bitmap);
  }

  protected valueBytes(): number {
    return this.values * (this.kind === "long" ? 8 : 4);
  }

  protected newStats(): ColumnStats {
    return this.kind === "date" ? new DateStats() : new IntegerStats();
  }

  protected openStreams(sink: StripeSink): void {
    this.stream = sink.stream(this.id, StreamKind.DATA);
    if (this.kind === "byte") this.bytes = new ByteRleWriter(this.stream);
    else this.rle = new RleV2Writer(this.stream, true);
  }

  protected recordPositions(positions: number[]): void {
    this.bytes?.flush();
    this.stream!.position(positions);
    positions.push(0);
  }

  protected writeGroup(start: number, end: number, stats: ColumnStats): void {
    if (this.kind === "long") {
      this.rle!.writeBig(this.longs, start, end);
      addLongStats(this.longs, start, end, stats as IntegerStats);
      return;
    }
    const ints = this.ints;
    if (this.bytes) for (let i = start; i < end; i++) this.bytes.write(ints[i]!);
    else this.rle!.write(ints, start, end);
    const s = stats as IntegerStats | DateStats;
    for (let i = start; i < end; i++) s.add(ints[i]!);
  }

  protected closeStreams(): void {
    this.bytes?.flush();
    this.stream = null;
    this.rle = null;
    this.bytes = null;
  }

  protected override encoding(): ColumnEncoding {
    // Byte RLE has no version: tinyint columns are DIRECT; the others use RLE v2.
    return { kind: this.kind === "byte" ? EncodingKind.DIRECT : EncodingKind.DIRECT_V2 };
  }

  protected resetValues(): void {}
}

function addLongStats(longs: BigInt64Array, start: number, end: number, stats: IntegerStats): void {
  const words = new Int32Array(longs.buffer, longs.byteOffset, longs.length * 2);
  for (let i = start; i < end; i++) {
    const hi = words[i * 2 + 1]!;
    if (hi >= -0x200000 && hi < 0x200000) stats.add(hi * TWO_POW_32 + (words[i * 2]! >>> 0));
    else stats.addBig(longs[i]!);
  }
}
