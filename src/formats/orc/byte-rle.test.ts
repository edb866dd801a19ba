import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { BoolRleWriter, ByteRleWriter } from "./byte-rle.ts";
import { OutStream } from "./out-stream.ts";

function bytesOf(write: (out: OutStream) => void): number[] {
  const out = new OutStream(null);
  write(out);
  return [...Buffer.concat(out.finish().chunks)];
}

function encodeBytes(values: readonly number[]): number[] {
  return bytesOf((out) => {
    const w = new ByteRleWriter(out);
    for (const v of values) w.write(v);
    w.flush();
  });
}

/** Byte RLE decoding, from the specification. */
function decodeBytes(bytes: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; ) {
    const control = bytes[i++]!;
    if (control < 128) for (let k = 0; k < control + 3; k++) out.push(bytes[i]!);
    else for (let k = 0; k < 256 - control; k++) out.push(bytes[i + k]!);
    i += control < 128 ? 1 : 256 - control;
  }
  return out;
}

describe("byte and boolean RLE", () => {
  it("writes the specification's examples", () => {
    assert.deepEqual(encodeBytes(Array(100).fill(0)), [0x61, 0x00]);
    assert.deepEqual(encodeBytes([0x44, 0x45]), [0xfe, 0x44, 0x45]);
    const bools = bytesOf((out) => {
      const w = new BoolRleWriter(out);
      for (const b of [true, false, false, false, false, false, false, false]) w.write(b);
      w.finish();
    });
    assert.deepEqual(bools, [0xff, 0x80]);
  });

  it("round-trips byte sequences with runs and literals", () => {
    const runs = fc.array(fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 300 })), {
      maxLength: 30,
    });
    fc.assert(
      fc.property(runs, fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 300 }), (spec, noise) => {
        const values = [...spec.flatMap(([v, n]) => Array<number>(n).fill(v)), ...noise];
        assert.deepEqual(decodeBytes(encodeBytes(values)), values);
      }),
      { numRuns: 200 },
    );
  });

  it("keeps a partial byte open across a run break, reporting its used bits", () => {
    const out = new OutStream(null);
    const w = new BoolRleWriter(out);
    for (let i = 0; i < 5; i++) w.write(true);
    assert.equal(w.flushRun(), 5);
    for (let i = 0; i < 11; i++) w.write(i % 2 === 0);
    w.finish();
    const bits = decodeBytes([...Buffer.concat(out.finish().chunks)]).flatMap((b) =>
      Array.from({ length: 8 }, (_, k) => (b >> (7 - k)) & 1),
    );
    assert.deepEqual(bits, [1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
  });
});
