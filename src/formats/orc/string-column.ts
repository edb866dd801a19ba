import type { Data } from "apache-arrow";
import { ColumnWriter, type Ranges, slotCount } from "./column-writer.ts";
import { ByteBuffer, ensureCapacity } from "./growable.ts";
import type { OutStream } from "./out-stream.ts";
import { RleV2Writer } from "./rle-v2.ts";
import { BinaryStats, type ColumnStats, StringStats } from "./statistics.ts";
import { type ColumnEncoding, EncodingKind, StreamKind, type StripeSink } from "./stripe-sink.ts";

/**
 * A stripe's strings are dictionary encoded when its distinct values are at most this share of
 * its values (the usual ORC writer default), else written directly.
 */
export const DICTIONARY_THRESHOLD = 0.8;

/**
 * string and binary columns. Values are buffered for the whole stripe (bytes plus end offsets);
 * strings also feed a dictionary until it is clearly not worth it. At the end of the stripe the
 * column is written DICTIONARY_V2 (DATA = ids into the sorted dictionary, DICTIONARY_DATA,
 * LENGTH of the entries) or DIRECT_V2 (DATA = the bytes, LENGTH of each value).
 */
export class StringColumnWriter extends ColumnWriter {
  private readonly binary: boolean;
  private readonly bytes = new ByteBuffer(4096);
  /** ends[k] is where value k ends in `bytes` (value k starts at ends[k - 1], or 0). */
  private ends = new Int32Array(0);
  private dictionary: Map<string, number> | null;
  /** The dictionary id of each value, in first-seen order. */
  private ids = new Int32Array(0);
  /** The first value of each dictionary id. */
  private firsts = new Int32Array(0);
  /** Sorted position of each dictionary id, during a dictionary flush. */
  private rank: Int32Array | null = null;
  private sorted: Int32Array | null = null;
  private data: OutStream | null = null;
  private length: OutStream | null = null;
  private dictData: OutStream | null = null;
  private dataRle: RleV2Writer | null = null;
  private lengthRle: RleV2Writer | null = null;
  private scratch = new Int32Array(0);

  constructor(id: number, binary: boolean) {
    super(id);
    this.binary = binary;
    this.dictionary = binary ? null : new Map();
  }

  protected appendValues(data: Data, ranges: Ranges, bitmap: Uint8Array | null, at: number): void {
    const offsets = data.valueOffsets as Int32Array;
    const src = data.values as Uint8Array;
    const n = slotCount(ranges);
    this.ends = ensureCapacity(this.ends, at + n);
    const dict = this.dictionary;
    if (dict) this.ids = ensureCapacity(this.ids, at + n);
    const text = dict ? Buffer.from(src.buffer, src.byteOffset, src.byteLength) : null;
    let k = at;
    for (let r = 0; r < ranges.length; r += 2) {
      const start = ranges[r]!;
      const end = ranges[r + 1]!;
      if (bitmap === null) {
        // All valid: one copy for the range's bytes, then each value's end.
        const base = this.bytes.length - offsets[start]!;
        this.bytes.pushBytes(src, offsets[start]!, offsets[end]!);
        for (let i = start; i < end; i++) this.ends[k + i - start] = base + offsets[i + 1]!;
        if (dict && text)
          for (let i = start; i < end; i++)
            this.remember(dict, text, offsets[i]!, offsets[i + 1]!, k + i - start);
        k += end - start;
        continue;
      }
      for (let i = start, bit = data.offset + start; i < end; i++, bit++) {
        if (((bitmap[bit >> 3]! >> (bit & 7)) & 1) === 0) continue;
        const s = offsets[i]!;
        const e = offsets[i + 1]!;
        this.bytes.pushBytes(src, s, e);
        this.ends[k] = this.bytes.length;
        if (dict && text) this.remember(dict, text, s, e, k);
        k++;
      }
    }
  }

  /** Gives value k (bytes [s, e) of `text`) its dictionary id. */
  private remember(dict: Map<string, number>, text: Buffer, s: number, e: number, k: number): void {
    // latin1 maps each byte to one char, so keys are distinct per byte string and sort in byte order.
    const key = text.toString("latin1", s, e);
    let id = dict.get(key);
    if (id === undefined) {
      id = dict.size;
      dict.set(key, id);
      this.firsts = ensureCapacity(this.firsts, id + 1);
      this.firsts[id] = k;
    }
    this.ids[k] = id;
  }

  override markRowGroup(): void {
    super.markRowGroup();
    if (this.dictionary && this.dictionary.size > DICTIONARY_THRESHOLD * this.values) this.dictionary = null;
  }

  protected valueBytes(): number {
    return this.bytes.length + this.values * (this.dictionary ? 8 : 4) + (this.dictionary?.size ?? 0) * 48;
  }

  protected newStats(): ColumnStats {
    return this.binary ? new BinaryStats() : new StringStats();
  }

  private useDictionary(): boolean {
    return (
      this.dictionary !== null &&
      this.values > 0 &&
      this.dictionary.size <= DICTIONARY_THRESHOLD * this.values
    );
  }

  protected override encoding(): ColumnEncoding {
    return this.rank
      ? { kind: EncodingKind.DICTIONARY_V2, dictionarySize: this.rank.length }
      : { kind: EncodingKind.DIRECT_V2 };
  }

  protected openStreams(sink: StripeSink): void {
    this.data = sink.stream(this.id, StreamKind.DATA);
    if (this.useDictionary()) {
      const keys = [...this.dictionary!.keys()];
      const order = Int32Array.from(keys.keys()).sort((a, b) => (keys[a]! < keys[b]! ? -1 : 1));
      this.rank = new Int32Array(keys.length);
      for (let r = 0; r < order.length; r++) this.rank[order[r]!] = r;
      this.sorted = order;
      this.dataRle = new RleV2Writer(this.data, false);
      this.dictData = sink.stream(this.id, StreamKind.DICTIONARY_DATA);
    }
    this.length = sink.stream(this.id, StreamKind.LENGTH);
    this.lengthRle = new RleV2Writer(this.length, false);
  }

  protected recordPositions(positions: number[]): void {
    this.data!.position(positions);
    if (this.rank) positions.push(0);
    else {
      this.length!.position(positions);
      positions.push(0);
    }
  }

  private start(k: number): number {
    return k === 0 ? 0 : this.ends[k - 1]!;
  }

  protected writeGroup(start: number, end: number, stats: ColumnStats): void {
    const n = end - start;
    this.scratch = ensureCapacity(this.scratch, n);
    const scratch = this.scratch;
    const total = this.start(end) - this.start(start);
    if (this.rank) {
      const rank = this.rank;
      let lo = Number.POSITIVE_INFINITY;
      let hi = -1;
      for (let k = start; k < end; k++) {
        const r = rank[this.ids[k]!]!;
        scratch[k - start] = r;
        if (r < lo) lo = r;
        if (r > hi) hi = r;
      }
      this.dataRle!.write(scratch, 0, n);
      if (n > 0)
        this.setBounds(
          stats as StringStats,
          this.firsts[this.sorted![lo]!]!,
          this.firsts[this.sorted![hi]!]!,
        );
    } else {
      this.data!.write(this.bytes.bytes, this.start(start), this.start(end));
      for (let k = start; k < end; k++) scratch[k - start] = this.ends[k]! - this.start(k);
      this.lengthRle!.write(scratch, 0, n);
      if (!this.binary && n > 0) {
        let min = start;
        let max = start;
        for (let k = start + 1; k < end; k++) {
          if (this.compare(k, min) < 0) min = k;
          else if (this.compare(k, max) > 0) max = k;
        }
        this.setBounds(stats as StringStats, min, max);
      }
    }
    (stats as StringStats | BinaryStats).sum = total;
  }

  private setBounds(stats: StringStats, min: number, max: number): void {
    const b = this.bytes.bytes;
    stats.setBounds(b.slice(this.start(min), this.ends[min]), b.slice(this.start(max), this.ends[max]));
  }

  /** Byte-order comparison of values a and b. */
  private compare(a: number, b: number): number {
    const buf = this.bytes.bytes;
    let i = this.start(a);
    let j = this.start(b);
    const ae = this.ends[a]!;
    const be = this.ends[b]!;
    for (; i < ae && j < be; i++, j++) {
      const d = buf[i]! - buf[j]!;
      if (d !== 0) return d;
    }
    return ae - i - (be - j);
  }

  protected closeStreams(): void {
    if (this.rank && this.sorted) {
      const sorted = this.sorted;
      const lengths = new Int32Array(sorted.length);
      for (let r = 0; r < sorted.length; r++) {
        const k = this.firsts[sorted[r]!]!;
        this.dictData!.write(this.bytes.bytes, this.start(k), this.ends[k]);
        lengths[r] = this.ends[k]! - this.start(k);
      }
      this.lengthRle!.write(lengths, 0, lengths.length);
    }
    this.data = this.length = this.dictData = null;
    this.dataRle = this.lengthRle = null;
  }

  protected resetValues(): void {
    this.bytes.clear();
    this.rank = null;
    this.sorted = null;
    this.dictionary = this.binary ? null : new Map();
  }
}
