import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { decodeRleV2 } from "../../../test/support/orc/rle-v2-decoder.ts";
import { OutStream } from "./out-stream.ts";
import { alignedWidth, encodeWidth, RleV2Writer } from "./rle-v2.ts";

function encode(values: readonly number[], signed: boolean): number[] {
  const out = new OutStream(null);
  new RleV2Writer(out, signed).write(Float64Array.from(values), 0, values.length);
  return [...Buffer.concat(out.finish().chunks)];
}

function encodeBig(values: readonly bigint[]): Uint8Array {
  const out = new OutStream(null);
  new RleV2Writer(out, true).writeBig(BigInt64Array.from(values), 0, values.length);
  return Buffer.concat(out.finish().chunks);
}

describe("integer RLE v2", () => {
  it("writes the specification's examples", () => {
    assert.deepEqual(encode([10000, 10000, 10000, 10000, 10000], false), [0x0a, 0x27, 0x10]);
    assert.deepEqual(
      encode([23713, 43806, 57005, 48879], false),
      [0x5e, 0x03, 0x5c, 0xa1, 0xab, 0x1e, 0xde, 0xad, 0xbe, 0xef],
    );
    assert.deepEqual(
      encode([2, 3, 5, 7, 11, 13, 17, 19, 23, 29], false),
      [0xc6, 0x09, 0x02, 0x02, 0x22, 0x42, 0x42, 0x46],
    );
  });

  it("uses a fixed-delta run for long repeats and arithmetic sequences", () => {
    // 100 sevens: DELTA, width 0, length 100, base 7 (zigzag 14), delta 0.
    assert.deepEqual(encode(Array(100).fill(7), true), [0xc0, 0x63, 0x0e, 0x00]);
    // 0, 5, 10, … 495: DELTA, width 0, base 0, delta +5 (zigzag 10).
    assert.deepEqual(
      encode(
        Array.from({ length: 100 }, (_, i) => i * 5),
        true,
      ),
      [0xc0, 0x63, 0x00, 0x0a],
    );
  });

  it("maps bit widths to the specification's 5-bit codes", () => {
    assert.deepEqual(
      [1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64].map(encodeWidth),
      [0, 1, 3, 7, 15, 23, 27, 28, 29, 30, 31],
    );
    assert.deepEqual(
      [0, 1, 2, 3, 5, 9, 17, 25, 33, 49, 57].map(alignedWidth),
      [1, 1, 2, 4, 8, 16, 24, 32, 40, 56, 64],
    );
  });

  it("round-trips any signed sequence (within ±2^51 on the number path)", () => {
    const value = fc.oneof(
      fc.integer({ min: -5, max: 5 }),
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
      fc.maxSafeInteger().map((v) => v % 2 ** 51),
    );
    const runs = fc.array(fc.tuple(value, fc.integer({ min: 1, max: 40 }), fc.integer({ min: -3, max: 3 })), {
      maxLength: 40,
    });
    fc.assert(
      fc.property(runs, (spec) => {
        const values = spec.flatMap(([v, n, step]) =>
          Array.from({ length: n }, (_, k) => Math.max(-(2 ** 51), Math.min(2 ** 51, v + k * step))),
        );
        assert.deepEqual(decodeRleV2(Uint8Array.from(encode(values, true)), true), values.map(BigInt));
      }),
      { numRuns: 300 },
    );
  });

  it("round-trips unsigned sequences", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 2 ** 40 }), { maxLength: 1500 }), (values) => {
        assert.deepEqual(decodeRleV2(Uint8Array.from(encode(values, false)), false), values.map(BigInt));
      }),
      { numRuns: 200 },
    );
  });

  it("round-trips the whole int64 range through the 64-bit path", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
            fc.bigInt({ min: -100n, max: 100n }),
          ),
          { maxLength: 1200 },
        ),
        (values) => {
          assert.deepEqual(decodeRleV2(encodeBig(values), true), values);
        },
      ),
      { numRuns: 200 },
    );
  });
});
