import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { crc32c, Reader, readRecordsBatch } from "@platformatic/kafka";
import { MessageFrames } from "../messaging/message-frames.ts";
import type { MessageSlot } from "../messaging/message-slot.ts";
import { ProduceRequestEncoder } from "./produce-request-encoder.ts";

const SLOTS: MessageSlot[] = [
  { as: "text", column: "value" },
  { as: "text", column: "key" },
  { as: "headers", column: "headers" },
];

type Row = { value: string | null; key: string | null; headers: [string, string | null][] | null };

/** Message frames as the workers write them: each part a u32 length (0xffffffff: null) and its bytes. */
function framesOf(rows: readonly Row[]): MessageFrames {
  const chunks: Buffer[] = [];
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    chunks.push(b);
  };
  const part = (s: string | null) => {
    if (s === null) return u32(0xffffffff);
    const b = Buffer.from(s, "utf8");
    u32(b.length);
    chunks.push(b);
  };
  for (const r of rows) {
    part(r.value);
    part(r.key);
    if (r.headers === null) u32(0xffffffff);
    else {
      u32(r.headers.length);
      for (const [k, v] of r.headers) {
        part(k);
        part(v);
      }
    }
  }
  return new MessageFrames(new Uint8Array(Buffer.concat(chunks)), rows.length, SLOTS);
}

/** Reads a Produce (v9+) request payload back: topic, partition and its record batch. */
function readRequest(bytes: Buffer) {
  const r = Reader.from(bytes);
  assert.equal(r.readNullableString(), null, "transactional id");
  const acks = r.readInt16();
  const timeout = r.readInt32();
  assert.equal(r.readUnsignedVarInt(), 2, "one topic");
  const topic = r.readString();
  assert.equal(r.readUnsignedVarInt(), 2, "one partition");
  const partition = r.readInt32();
  const length = r.readUnsignedVarInt() - 1;
  const batchAt = r.position;
  const batchBytes = bytes.subarray(batchAt, batchAt + length);
  const batch = readRecordsBatch(Reader.from(batchBytes));
  r.skip(length);
  assert.deepEqual([r.readUnsignedVarInt(), r.readUnsignedVarInt(), r.readUnsignedVarInt()], [0, 0, 0]);
  assert.equal(r.remaining, 0, "nothing after the request");
  return { acks, timeout, topic, partition, batch, batchBytes };
}

const text = (b: Buffer | null | undefined) => (b === null || b === undefined ? null : b.toString("utf8"));

describe("produce request encoder", () => {
  const rows: Row[] = [
    { value: '{"id":0}', key: "k0", headers: [["trace", "t0"]] },
    { value: null, key: "k1", headers: null },
    {
      value: "",
      key: null,
      headers: [
        ["a", null],
        ["é", "ü"],
      ],
    },
    { value: "x".repeat(300), key: "k3", headers: [] },
  ];
  const encoder = new ProduceRequestEncoder("topic-é", { value: 0, key: 1, headers: 2 }, -1, 30_000, crc32c);
  const stamp = { producerId: 4242n, producerEpoch: 3, baseSequence: 17 };

  it("writes every row as a record of one batch the client's own reader reads back, CRC included", () => {
    const frames = framesOf(rows);
    const out = encoder.encode(undefined, frames, null, 0, rows.length, 2, stamp, 1 << 20);
    assert.equal(out.records, 4);
    const { acks, timeout, topic, partition, batch, batchBytes } = readRequest(out.bytes);
    assert.deepEqual([acks, timeout, topic, partition], [-1, 30_000, "topic-é", 2]);
    assert.equal(batch.magic, 2);
    assert.equal(batch.length, batchBytes.length - 12);
    assert.equal(batch.crc, crc32c(batchBytes.subarray(21)));
    assert.deepEqual(
      [batch.producerId, batch.producerEpoch, batch.firstSequence, batch.lastOffsetDelta, batch.attributes],
      [4242n, 3, 17, 3, 0],
    );
    assert.deepEqual(
      batch.records.map((r) => ({
        value: text(r.value),
        key: text(r.key),
        headers: r.headers.map(([k, v]) => [text(k), text(v)]),
        offsetDelta: r.offsetDelta,
      })),
      rows.map((r, k) => ({ value: r.value, key: r.key, headers: r.headers ?? [], offsetDelta: k })),
    );
  });

  it("stops a batch at the byte limit (at least one record) and takes listed rows in their order", () => {
    const frames = framesOf(rows);
    const small = encoder.encode(undefined, frames, null, 0, rows.length, 0, stamp, 40);
    assert.equal(small.records, 2, "two small records fit in 40 bytes, not the third");
    const big = encoder.encode(undefined, frames, null, 3, 4, 0, stamp, 10);
    assert.equal(big.records, 1, "a record larger than the limit still goes, alone");
    const given = Buffer.alloc(4096);
    const picked = encoder.encode(given, frames, new Int32Array([3, 0]), 0, 2, 1, stamp, 1 << 20);
    assert.equal(picked.buffer, given, "the buffer given is reused when it is large enough");
    const { batch } = readRequest(picked.bytes);
    assert.deepEqual(
      batch.records.map((r) => text(r.key)),
      ["k3", "k0"],
    );
  });
});
