import type { MessageFrames } from "../messaging/message-frames.ts";

/** Which frame slot holds a record's value, key and headers (-1: the row has none). */
export interface RecordSlots {
  readonly value: number;
  readonly key: number;
  readonly headers: number;
}

/** Who writes a batch and where its records stand in the partition's sequence (idempotence). */
export interface BatchStamp {
  /** -1n for a producer that is not idempotent. */
  readonly producerId: bigint;
  readonly producerEpoch: number;
  /** The first record's sequence number in its partition; -1 when not idempotent. */
  readonly baseSequence: number;
}

/** A produce request's payload (after the request header), encoded into `buffer`. */
export interface EncodedRequest {
  /** The buffer written into (the one given, or a larger one when it was too small). */
  readonly buffer: Buffer;
  /** The request's bytes: a view of `buffer`. */
  readonly bytes: Buffer;
  /** How many rows it holds (from `from` on). */
  readonly records: number;
}

const NULL_PART = 0xffffffff;
/** Produce requests from version 9 on (flexible versions): the same request layout up to 11. */
export const FIRST_FLEXIBLE_PRODUCE_VERSION = 9;
/** Bytes of a record batch (magic 2) before its records. */
const BATCH_HEADER = 61;
/** Where the CRC starts counting: the attributes, after base offset, length, leader epoch, magic and the CRC. */
const CRC_FROM = 21;

const u32 = (b: Uint8Array, p: number): number =>
  (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24)) >>> 0;

/** Bytes of an unsigned varint. */
const uvarintSize = (n: number): number =>
  n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5;
/** Bytes of a zigzag varint (Kafka's record fields); n within ±2^30. */
const varintSize = (n: number): number => uvarintSize(((n << 1) ^ (n >> 31)) >>> 0);

function putUvarint(b: Buffer, p: number, n: number): number {
  let v = n >>> 0;
  while (v >= 0x80) {
    b[p++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  b[p++] = v;
  return p;
}

const putVarint = (b: Buffer, p: number, n: number): number => putUvarint(b, p, ((n << 1) ^ (n >> 31)) >>> 0);

/**
 * Encodes rows of message frames as one Kafka produce request (a record batch of magic 2 for
 * one partition, no compression), copying each key, value and header straight from the
 * frames' bytes into one buffer: no object per record. The buffer is the caller's to reuse once
 * the broker answered (a retry sends the same bytes, so the same sequence numbers).
 */
export class ProduceRequestEncoder {
  private readonly topic: Buffer;
  private readonly slots: RecordSlots;
  private readonly acks: number;
  private readonly timeoutMs: number;
  private readonly crc32c: (bytes: Buffer) => number;
  /** Each taken record's body size (its length prefix not counted), reused across calls. */
  private sizes = new Int32Array(1024);

  constructor(
    topic: string,
    slots: RecordSlots,
    acks: number,
    timeoutMs: number,
    crc32c: (bytes: Buffer) => number,
  ) {
    this.topic = Buffer.from(topic, "utf8");
    this.slots = slots;
    this.acks = acks;
    this.timeoutMs = timeoutMs;
    this.crc32c = crc32c;
  }

  /** Bytes of a part at `p` (its length prefix not counted): -1 for null. */
  private static partLength(b: Uint8Array, p: number): number {
    const n = u32(b, p);
    return n === NULL_PART ? -1 : n;
  }

  /** A record's body size: attributes, timestamp delta, offset delta, key, value, headers. */
  private bodySize(b: Uint8Array, frames: MessageFrames, row: number, offsetDelta: number): number {
    const { key, value, headers } = this.slots;
    let size = 2 + varintSize(offsetDelta);
    const k = key < 0 ? -1 : ProduceRequestEncoder.partLength(b, frames.partPosition(row, key));
    size += varintSize(k) + Math.max(k, 0);
    const v = ProduceRequestEncoder.partLength(b, frames.partPosition(row, value));
    size += varintSize(v) + Math.max(v, 0);
    if (headers < 0) return size + 1;
    let p = frames.partPosition(row, headers);
    const count = u32(b, p);
    if (count === NULL_PART) return size + 1;
    size += varintSize(count);
    p += 4;
    for (let h = 0; h < count * 2; h++) {
      const n = ProduceRequestEncoder.partLength(b, p);
      size += varintSize(n) + Math.max(n, 0);
      p += 4 + Math.max(n, 0);
    }
    return size;
  }

  /** Copies a part (length as a zigzag varint, then its bytes) and returns the next position. */
  private static copyPart(src: Buffer, p: number, out: Buffer, q: number): number {
    const n = ProduceRequestEncoder.partLength(src, p);
    q = putVarint(out, q, n);
    if (n <= 0) return q;
    src.copy(out, q, p + 4, p + 4 + n);
    return q + n;
  }

  /**
   * Encodes rows `rows[from..to)` (or rows from..to when `rows` is null) into one request of
   * at most `maxBytes` of records, at least one record: returns how many it took.
   */
  encode(
    buffer: Buffer | undefined,
    frames: MessageFrames,
    rows: Int32Array | null,
    from: number,
    to: number,
    partition: number,
    stamp: BatchStamp,
    maxBytes: number,
  ): EncodedRequest {
    const b = frames.bytes;
    const src = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
    if (this.sizes.length < to - from)
      this.sizes = new Int32Array(Math.max(to - from, this.sizes.length * 2));
    const sizes = this.sizes;
    let recordBytes = 0;
    let n = 0;
    for (let k = from; k < to; k++, n++) {
      const body = this.bodySize(b, frames, rows === null ? k : rows[k]!, n);
      const size = varintSize(body) + body;
      if (n > 0 && recordBytes + size > maxBytes) break;
      sizes[n] = body;
      recordBytes += size;
    }
    const batchBytes = BATCH_HEADER + recordBytes;
    const topic = this.topic;
    // transactional_id (null), acks, timeout, [topic: name, [partition: index, records]]
    const head =
      1 + 2 + 4 + 1 + uvarintSize(topic.length + 1) + topic.length + 1 + 4 + uvarintSize(batchBytes + 1);
    // the tagged fields of the partition, the topic and the request (none)
    const total = head + batchBytes + 3;
    const out =
      buffer !== undefined && buffer.length >= total
        ? buffer
        : Buffer.allocUnsafeSlow(Math.max(total, buffer?.length ?? 0));

    let q = 0;
    out[q++] = 0; // transactional_id: null
    q = out.writeInt16BE(this.acks, q);
    q = out.writeInt32BE(this.timeoutMs, q);
    q = putUvarint(out, q, 2); // one topic
    q = putUvarint(out, q, topic.length + 1);
    q += topic.copy(out, q);
    q = putUvarint(out, q, 2); // one partition
    q = out.writeInt32BE(partition, q);
    q = putUvarint(out, q, batchBytes + 1);

    const batchAt = q;
    const now = BigInt(Date.now());
    q = out.writeBigInt64BE(0n, q); // base offset
    q = out.writeInt32BE(batchBytes - 12, q);
    q = out.writeInt32BE(-1, q); // partition leader epoch: the broker's
    q = out.writeInt8(2, q); // magic
    q += 4; // CRC, below
    q = out.writeInt16BE(0, q); // attributes: no compression, create time, not transactional
    q = out.writeInt32BE(n - 1, q); // last offset delta
    q = out.writeBigInt64BE(now, q);
    q = out.writeBigInt64BE(now, q);
    q = out.writeBigInt64BE(stamp.producerId, q);
    q = out.writeInt16BE(stamp.producerEpoch, q);
    q = out.writeInt32BE(stamp.baseSequence, q);
    q = out.writeInt32BE(n, q);

    const { key, value, headers } = this.slots;
    for (let i = 0; i < n; i++) {
      const row = rows === null ? from + i : rows[from + i]!;
      q = putVarint(out, q, sizes[i]!);
      out[q++] = 0; // attributes
      out[q++] = 0; // timestamp delta
      q = putVarint(out, q, i);
      if (key < 0) q = putVarint(out, q, -1);
      else q = ProduceRequestEncoder.copyPart(src, frames.partPosition(row, key), out, q);
      q = ProduceRequestEncoder.copyPart(src, frames.partPosition(row, value), out, q);
      if (headers < 0) {
        out[q++] = 0;
        continue;
      }
      let p = frames.partPosition(row, headers);
      const count = u32(b, p);
      if (count === NULL_PART) {
        out[q++] = 0;
        continue;
      }
      q = putVarint(out, q, count);
      p += 4;
      for (let h = 0; h < count * 2; h++) {
        const len = ProduceRequestEncoder.partLength(b, p);
        q = ProduceRequestEncoder.copyPart(src, p, out, q);
        p += 4 + Math.max(len, 0);
      }
    }
    out.writeUInt32BE(this.crc32c(out.subarray(batchAt + CRC_FROM, q)), batchAt + 17);
    out[q++] = 0; // partition's tagged fields
    out[q++] = 0; // topic's
    out[q++] = 0; // request's
    return { buffer: out, bytes: out.subarray(0, q), records: n };
  }
}
