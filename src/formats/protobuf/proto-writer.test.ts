import assert from "node:assert/strict";
import { describe, it } from "node:test";
import protobuf from "protobufjs";
import { protobufjsBytes } from "../../../test/support/protobuf-reference.ts";
import { ProtoWriter } from "./proto-writer.ts";

const bytes = (w: ProtoWriter): number[] => [...w.finish()];

describe("protobuf message writer (the ORC metadata's)", () => {
  it("writes varint fields as the specification's table shows, numbers and bigints alike", () => {
    const cases: [number, number[]][] = [
      [0, [0x00]],
      [1, [0x01]],
      [127, [0x7f]],
      [128, [0x80, 0x01]],
      [16_383, [0xff, 0x7f]],
      [16_384, [0x80, 0x80, 0x01]],
    ];
    for (const [value, expected] of cases) {
      assert.deepEqual(bytes(new ProtoWriter().uint(1, value)), [0x08, ...expected], String(value));
      assert.deepEqual(bytes(new ProtoWriter().uint(1, BigInt(value))), [0x08, ...expected], `${value}n`);
    }
    assert.deepEqual(bytes(new ProtoWriter().uint(1, 2 ** 53 + 2).uint(2, -1n)), [
      0x08,
      0x82,
      0x80,
      0x80,
      0x80,
      0x80,
      0x80,
      0x80,
      0x10,
      0x10,
      ...Array(9).fill(0xff),
      0x01,
    ]);
  });

  it("zigzags signed fields, as numbers and as bigints over the whole int64 range", () => {
    assert.deepEqual(bytes(new ProtoWriter().sint(2, -3)), [0x10, 0x05]);
    for (const v of [0, -1, 1, -2, 2, 2 ** 53 - 1, -(2 ** 53)])
      assert.deepEqual(
        bytes(new ProtoWriter().sint(1, v)),
        [...protobufjsBytes((w) => w.uint32(0x08).sint64(v))],
        String(v),
      );
    for (const v of [-(2n ** 63n), 2n ** 63n - 1n, -1n, 2n ** 53n + 1n])
      assert.deepEqual(
        bytes(new ProtoWriter().sint(1, v)),
        [...protobufjsBytes((w) => w.uint32(0x08).sint64(v.toString()))],
        `${v}n`,
      );
  });

  it("refuses NaN and Infinity for a varint field instead of writing 0", () => {
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      assert.throws(() => new ProtoWriter().uint(3, v), /field 3: .* not a finite number/);
      assert.throws(() => new ProtoWriter().sint(3, v), /field 3: .* not a finite number/);
    }
  });

  it("writes tagged fields: bools, doubles, strings, bytes, nested messages and packed lists", () => {
    assert.deepEqual(bytes(new ProtoWriter().uint(1, 150)), [0x08, 0x96, 0x01]);
    assert.deepEqual(bytes(new ProtoWriter().bool(10, true).bool(10, false)), [0x50, 0x01, 0x50, 0x00]);
    assert.deepEqual(bytes(new ProtoWriter().string(2, "testing")), [0x12, 0x07, ...Buffer.from("testing")]);
    assert.deepEqual(bytes(new ProtoWriter().bytes(2, new Uint8Array(0))), [0x12, 0x00]);
    assert.deepEqual(bytes(new ProtoWriter().double(3, 1)), [0x19, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f]);
    assert.deepEqual(
      bytes(new ProtoWriter().message(3, (m) => m.uint(1, 150))),
      [0x1a, 0x03, 0x08, 0x96, 0x01],
    );
    assert.deepEqual(bytes(new ProtoWriter().message(3, () => {})), [0x1a, 0x00]);
    assert.deepEqual(
      bytes(new ProtoWriter().packedUints(4, [3, 270, 86_942])),
      [0x22, 0x06, 0x03, 0x8e, 0x02, 0x9e, 0xa7, 0x05],
    );
    assert.deepEqual(bytes(new ProtoWriter().packedUints(4, [])), []);
    // The PostScript's magic is field 8000: a two-byte tag.
    assert.deepEqual(
      bytes(new ProtoWriter().string(8000, "ORC")),
      [0x82, 0xf4, 0x03, 0x03, 0x4f, 0x52, 0x43],
    );
  });

  it("writes nested messages past 127 bytes as protobufjs encodes them", () => {
    const root = protobuf.parse(`syntax = "proto2";
      message Stats { optional uint64 count = 1; optional sint64 min = 2; optional double sum = 3; optional bool hasNull = 10; }
      message Entry { repeated uint64 positions = 1 [packed = true]; optional Stats stats = 2; optional string name = 3; }
      message Index { repeated Entry entry = 1; optional bytes raw = 2; }`).root;
    const Index = root.lookupType("Index");
    const entries = Array.from({ length: 40 }, (_, e) => ({
      positions: Array.from({ length: e }, (_, k) => k * 1_000_003 + e),
      stats: { count: e * 2 ** 40, min: -e * 2 ** 33, sum: e / 3, hasNull: e % 2 === 1 },
      name: "é".repeat(e * 3),
    }));
    const raw = Uint8Array.from({ length: 300 }, (_, k) => k & 255);
    const expected = Index.encode(Index.fromObject({ entry: entries, raw })).finish();
    const w = new ProtoWriter();
    for (const e of entries)
      w.message(1, (m) => {
        m.packedUints(1, e.positions);
        m.message(2, (s) =>
          s.uint(1, e.stats.count).sint(2, e.stats.min).double(3, e.stats.sum).bool(10, e.stats.hasNull),
        );
        m.string(3, e.name);
      });
    w.bytes(2, raw);
    assert.ok(Buffer.from(w.finish()).equals(expected));
  });
});
