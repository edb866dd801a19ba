import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { OutStream } from "../out-stream.ts";
import { RleV2Writer } from "../rle-v2.ts";
import { readByteRle, readInts } from "./int-rle-reader.ts";
import { snappyDecompress } from "./snappy.ts";

function encode(values: readonly number[], signed: boolean): Uint8Array {
  const out = new OutStream(null);
  new RleV2Writer(out, signed).write(Float64Array.from(values), 0, values.length);
  return Buffer.concat(out.finish().chunks);
}

describe("ORC run-length decoders", () => {
  it("decode the specification's RLE v2 examples (short repeat, direct, patched base, delta)", () => {
    assert.deepEqual(
      [...readInts(Uint8Array.from([0x0a, 0x27, 0x10]), 5, false, true)],
      Array(5).fill(10000),
    );
    assert.deepEqual(
      [
        ...readInts(
          Uint8Array.from([0x5e, 0x03, 0x5c, 0xa1, 0xab, 0x1e, 0xde, 0xad, 0xbe, 0xef]),
          4,
          false,
          true,
        ),
      ],
      [23713, 43806, 57005, 48879],
    );
    const patched = Uint8Array.from([
      0x8e, 0x13, 0x2b, 0x21, 0x07, 0xd0, 0x1e, 0x00, 0x14, 0x70, 0x28, 0x32, 0x3c, 0x46, 0x50, 0x5a, 0x64,
      0x6e, 0x78, 0x82, 0x8c, 0x96, 0xa0, 0xaa, 0xb4, 0xbe, 0xfc, 0xe8,
    ]);
    assert.deepEqual(
      [...readInts(patched, 20, false, true)],
      [
        2030, 2000, 2020, 1000000, 2040, 2050, 2060, 2070, 2080, 2090, 2100, 2110, 2120, 2130, 2140, 2150,
        2160, 2170, 2180, 2190,
      ],
    );
    assert.deepEqual(
      [...readInts(Uint8Array.from([0xc6, 0x09, 0x02, 0x02, 0x22, 0x42, 0x42, 0x46]), 10, false, true)],
      [2, 3, 5, 7, 11, 13, 17, 19, 23, 29],
    );
  });

  it("decode the specification's RLE v1 and byte RLE examples", () => {
    assert.deepEqual(
      [...readInts(Uint8Array.from([0x61, 0x00, 0x07]), 100, false, false)],
      Array(100).fill(7),
    );
    assert.deepEqual(
      [...readInts(Uint8Array.from([0x61, 0xff, 0x64]), 100, false, false)],
      Array.from({ length: 100 }, (_, i) => 100 - i),
    );
    assert.deepEqual(
      [...readInts(Uint8Array.from([0xfb, 0x02, 0x03, 0x06, 0x07, 0x0b]), 5, false, false)],
      [2, 3, 6, 7, 11],
    );
    assert.deepEqual([...readByteRle(Uint8Array.from([0x61, 0x00]), 100)], Array(100).fill(0));
    assert.deepEqual([...readByteRle(Uint8Array.from([0xfe, 0x44, 0x45]), 2)], [0x44, 0x45]);
  });

  // RleV2Writer.write takes values within ±2^51 (SAFE_RLE; the column writer sends larger ones
  // through writeBig). ±(2^53-1) is read exactly from whole files (orc-reader.test.ts, every type).
  it("read back whatever rowforge's RLE v2 writer writes, signed and unsigned, to ±2^50", () => {
    const value = fc.oneof(
      fc.integer({ min: -1000, max: 1000 }),
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
      fc.integer({ min: -(2 ** 50), max: 2 ** 50 }),
      fc.constantFrom(2 ** 50, -(2 ** 50), 0),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 1200 }), fc.boolean(), (values, sorted) => {
        const v = sorted ? [...values].sort((a, b) => a - b) : values;
        assert.deepEqual([...readInts(encode(v, true), v.length, true, true)], v);
        const unsigned = v.map((x) => Math.abs(x));
        assert.deepEqual([...readInts(encode(unsigned, false), v.length, false, true)], unsigned);
      }),
      { numRuns: 300 },
    );
  });

  it("decompress Snappy literals and overlapping copies", () => {
    // "abcabcabcabc" as: length 12, literal "abc", copy (1-byte offset) of 9 bytes at offset 3.
    const block = Uint8Array.from([12, 0x08, 0x61, 0x62, 0x63, 0x15, 0x03]);
    assert.equal(Buffer.from(snappyDecompress(block)).toString(), "abcabcabcabc");
    assert.throws(() => snappyDecompress(Uint8Array.from([5, 0x08, 0x61])), { code: "RF_FILE_READ" });
  });
});
