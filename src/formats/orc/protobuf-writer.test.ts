import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ProtoWriter, zigzag } from "./protobuf-writer.ts";

const bytes = (w: ProtoWriter): number[] => [...w.finish()];

describe("protobuf writer", () => {
  it("writes varints as the specification's table shows", () => {
    const cases: [number, number[]][] = [
      [0, [0x00]],
      [1, [0x01]],
      [127, [0x7f]],
      [128, [0x80, 0x01]],
      [129, [0x81, 0x01]],
      [16_383, [0xff, 0x7f]],
      [16_384, [0x80, 0x80, 0x01]],
      [16_385, [0x81, 0x80, 0x01]],
    ];
    for (const [value, expected] of cases) {
      const w = new ProtoWriter();
      w.varint(value);
      assert.deepEqual(bytes(w), expected, String(value));
    }
    const big = new ProtoWriter();
    big.varint(2 ** 53 + 2);
    big.varint(-1n);
    assert.deepEqual(bytes(big), [
      0x82,
      0x80,
      0x80,
      0x80,
      0x80,
      0x80,
      0x80,
      0x10,
      ...Array(9).fill(0xff),
      0x01,
    ]);
  });

  it("zigzags signed values, as numbers while exact and as bigints beyond", () => {
    assert.deepEqual([0, -1, 1, -2, 2].map(zigzag), [0, 1, 2, 3, 4]);
    assert.equal(zigzag(-(2n ** 63n)), 2n ** 64n - 1n);
    assert.equal(zigzag(2n ** 63n - 1n), 2n ** 64n - 2n);
  });

  it("writes tagged fields: varint, zigzag, double, strings, nested messages and packed lists", () => {
    assert.deepEqual(bytes(new ProtoWriter().uint(1, 150)), [0x08, 0x96, 0x01]);
    assert.deepEqual(bytes(new ProtoWriter().sint(2, -3)), [0x10, 0x05]);
    assert.deepEqual(bytes(new ProtoWriter().string(2, "testing")), [0x12, 0x07, ...Buffer.from("testing")]);
    assert.deepEqual(bytes(new ProtoWriter().double(3, 1)), [0x19, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f]);
    assert.deepEqual(
      bytes(new ProtoWriter().message(3, (m) => m.uint(1, 150))),
      [0x1a, 0x03, 0x08, 0x96, 0x01],
    );
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
});
