import assert from "node:assert/strict";
import { test } from "node:test";
import { float64s, int32s, uint8s } from "./small-arrays.ts";

test("small arrays are zeroed, aligned, never overlap (across slab changes), large ones own their buffer", () => {
  const seen: { buffer: ArrayBufferLike; from: number; to: number }[] = [];
  for (let i = 0; i < 20_000; i++) {
    const n = 1 + (i % 97);
    const a = i % 3 === 0 ? float64s(n) : i % 3 === 1 ? int32s(n) : uint8s(n);
    assert.equal(a.length, n);
    assert.equal(a.byteOffset % 8, 0);
    assert.ok(
      a.every((v) => v === 0),
      "zeroed",
    );
    a.fill(1);
    seen.push({ buffer: a.buffer, from: a.byteOffset, to: a.byteOffset + a.byteLength });
  }
  const byBuffer = new Map<ArrayBufferLike, { from: number; to: number }[]>();
  for (const s of seen) byBuffer.set(s.buffer, [...(byBuffer.get(s.buffer) ?? []), s]);
  assert.ok(byBuffer.size > 1, "the test crosses slabs");
  for (const regions of byBuffer.values()) {
    regions.sort((x, y) => x.from - y.from);
    for (let k = 1; k < regions.length; k++) assert.ok(regions[k]!.from >= regions[k - 1]!.to, "no overlap");
  }
  const big = float64s(10_000);
  assert.equal(big.byteOffset, 0);
  assert.equal(big.buffer.byteLength, 80_000);
});
