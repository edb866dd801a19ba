import { COMPRESSION_BLOCK_SIZE, type Codec } from "./compression.ts";

/**
 * One ORC stream being written: bytes go into a block of the compression block size; a full
 * block is compressed into a chunk with the 3-byte header (length * 2 + isOriginal, little
 * endian), or kept as is when there is no compression. Positions for the row index are
 * [chunk start, offset in the block] when compressed and [byte offset] otherwise.
 */
export class OutStream {
  private readonly codec: Codec | null;
  /** The size a block is spilled at; the block itself starts small, since most streams are. */
  private readonly limit: number;
  private block = new Uint8Array(1024);
  private pos = 0;
  private readonly chunks: Uint8Array[] = [];
  /** Bytes already in `chunks` (compressed bytes with headers when compressed). */
  private flushed = 0;

  constructor(codec: Codec | null) {
    this.codec = codec;
    this.limit = codec ? COMPRESSION_BLOCK_SIZE : 1024 * 1024;
  }

  writeByte(b: number): void {
    this.block[this.pos++] = b;
    if (this.pos === this.block.length) this.full();
  }

  write(src: Uint8Array, start = 0, end = src.length): void {
    let s = start;
    while (s < end) {
      const n = Math.min(end - s, this.block.length - this.pos);
      this.block.set(src.subarray(s, s + n), this.pos);
      this.pos += n;
      s += n;
      if (this.pos === this.block.length) this.full();
    }
  }

  /** Appends the current position; the block is never full here because writes spill eagerly. */
  position(out: number[]): void {
    if (this.codec) out.push(this.flushed, this.pos);
    else out.push(this.flushed + this.pos);
  }

  /** Bytes held so far (before compression of the open block): the stripe size estimate uses it. */
  get size(): number {
    return this.flushed + this.pos;
  }

  /** The stream's bytes as chunks, and their total length. The stream is spent afterwards. */
  finish(): { chunks: Uint8Array[]; length: number } {
    if (this.pos > 0) this.spill();
    return { chunks: this.chunks, length: this.flushed };
  }

  private full(): void {
    if (this.block.length < this.limit) {
      const next = new Uint8Array(Math.min(this.block.length * 4, this.limit));
      next.set(this.block);
      this.block = next;
    } else {
      this.spill();
    }
  }

  private spill(): void {
    const data = this.block.subarray(0, this.pos);
    if (!this.codec) {
      this.chunks.push(data);
      this.flushed += data.length;
      this.block = new Uint8Array(this.block.length);
      this.pos = 0;
      return;
    }
    const compressed = this.codec(data);
    const original = compressed.length >= data.length;
    const body = original ? data.slice() : compressed;
    const header = body.length * 2 + (original ? 1 : 0);
    this.chunks.push(new Uint8Array([header & 0xff, (header >>> 8) & 0xff, (header >>> 16) & 0xff]), body);
    this.flushed += 3 + body.length;
    this.pos = 0;
  }
}

/** A whole message (an index, a footer) as one stream's chunks. */
export function encodeWhole(
  bytes: Uint8Array,
  codec: Codec | null,
): { chunks: Uint8Array[]; length: number } {
  const s = new OutStream(codec);
  s.write(bytes);
  return s.finish();
}
