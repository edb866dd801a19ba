import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { RowforgeError } from "../../errors/index.ts";
import { createPermutation } from "./permutation.ts";

const KEYS = [0, 1, 42, 0xdeadbeef, 0xffffffff];

/** The message of a failed check is made only when it fails: made for each of millions of indexes, it cost more than the permutation. */
function assertPermutation(size: number, key: number): void {
  const perm = createPermutation(size, key);
  const seen = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    const j = perm(i);
    if (!(Number.isInteger(j) && j >= 0 && j < size))
      assert.fail(`size ${size} key ${key}: ${i} -> ${j} out of range`);
    if (seen[j] !== 0) assert.fail(`size ${size} key ${key}: ${j} hit twice`);
    seen[j] = 1;
  }
}

describe("createPermutation", () => {
  it("is a permutation of [0, size) for every size from 1 to 300 and several keys", () => {
    for (let size = 1; size <= 300; size++) for (const key of KEYS) assertPermutation(size, key);
  });

  it("is a permutation for sizes around powers of two and a million-and-three", () => {
    for (const size of [511, 512, 513, 4095, 4096, 4097, 65537]) assertPermutation(size, 7);
    assertPermutation(1_000_003, 99);
  });

  it("gives distinct in-range values for sampled indexes of huge sizes", () => {
    for (const size of [2 ** 53, 2 ** 53 - 1, 1e15 + 7, 2 ** 40 + 1, 2 ** 31 + 3]) {
      const perm = createPermutation(size, 12345);
      // 20,000 indexes from each end and as many spread across the range.
      const step = Math.floor(size / 20_000);
      const seen = new Map<number, number>();
      for (let k = 0; k < 20_000; k++) {
        for (const i of [k, size - 1 - k, k * step]) {
          const j = perm(i);
          if (!(Number.isInteger(j) && j >= 0 && j < size))
            assert.fail(`size ${size}: ${i} -> ${j} out of range`);
          const prev = seen.get(j);
          if (prev !== undefined && prev !== i)
            assert.fail(`size ${size}: ${prev} and ${i} both map to ${j}`);
          seen.set(j, i);
        }
      }
    }
  });

  it("is deterministic for a key and differs between keys", () => {
    const a = createPermutation(1000, 5);
    const b = createPermutation(1000, 5);
    const c = createPermutation(1000, 6);
    const outA = Array.from({ length: 1000 }, (_, i) => a(i));
    assert.deepEqual(
      outA,
      Array.from({ length: 1000 }, (_, i) => b(i)),
    );
    const outC = Array.from({ length: 1000 }, (_, i) => c(i));
    assert.ok(outA.filter((v, i) => v === outC[i]).length < 20);
  });

  it("scatters consecutive indexes", () => {
    const perm = createPermutation(1e9, 3);
    let ascending = 0;
    for (let i = 0; i < 10_000; i++) if (perm(i + 1) > perm(i)) ascending++;
    assert.ok(ascending > 4500 && ascending < 5500, `${ascending} of 10000 steps ascend`);
  });

  it("rejects invalid sizes and out-of-range indexes", () => {
    for (const size of [0, -1, 1.5, 2 ** 53 + 2, Number.NaN]) {
      assert.throws(() => createPermutation(size, 1), RowforgeError);
    }
    const perm = createPermutation(10, 1);
    for (const i of [-1, 10, 2.5, Number.NaN]) assert.throws(() => perm(i), RowforgeError);
    assert.equal(createPermutation(1, 9)(0), 0);
  });
});
