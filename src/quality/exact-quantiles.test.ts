import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { ExactQuantiles } from "./exact-quantiles.ts";

/** Spark's percentile over a plain sort: the reference. */
const bySort = (values: readonly number[], qs: readonly number[]): number[] => {
  const sorted = Float64Array.from(values).sort();
  return qs.map((q) => {
    if (sorted.length === 0) return Number.NaN;
    const pos = q * (sorted.length - 1);
    const lo = Math.floor(pos);
    const hi = Math.ceil(pos);
    return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
  });
};

/** A seeded generator (mulberry32), so a failure can be replayed. */
const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const QS = [0, 0.001, 0.1, 0.25, 0.333, 0.5, 0.5, 0.75, 0.9, 0.999, 1];

const spillDir = mkdtempSync(join(tmpdir(), "rowforge-quantiles-test-"));
after(() => rmSync(spillDir, { recursive: true, force: true }));

const same = (got: number[], want: number[], what: string) => {
  for (let k = 0; k < want.length; k++) {
    assert.ok(Object.is(got[k], want[k]), `${what}: quantile ${QS[k]} is ${got[k]}, a sort gives ${want[k]}`);
  }
};

describe("ExactQuantiles", () => {
  const shapes: Record<string, (r: () => number) => number> = {
    "few distinct values (duplicates)": (r) => Math.floor(r() * 7) - 3,
    "signed zeros and small integers": (r) => [0, -0, 1, -1][Math.floor(r() * 4)]!,
    "huge and tiny magnitudes": (r) => (r() < 0.5 ? -1 : 1) * 10 ** (r() * 600 - 300) * (r() < 0.01 ? 0 : 1),
    "uniform with negatives": (r) => r() * 2000 - 1000,
    "all equal": () => 42.5,
    "subnormals and extremes": (r) =>
      [
        Number.MIN_VALUE,
        -Number.MIN_VALUE,
        Number.MAX_VALUE,
        -Number.MAX_VALUE,
        5e-324 * 3,
        Infinity,
        -Infinity,
      ][Math.floor(r() * 7)]!,
    "clustered keys (same top bits)": (r) => 1 + r() * 1e-9,
  };
  for (const [name, draw] of Object.entries(shapes)) {
    for (const [n, budget] of [
      [20_000, 1_000],
      [5_003, 64],
      [999, 1_000],
      // Held in memory, past the size sorted whole: selected over the held values.
      [150_000, 200_000],
    ] as const) {
      it(`${name}: ${n} values, budget ${budget}, equal to a plain sort`, () => {
        const r = rng(n * 31 + budget + name.length);
        const values = Array.from({ length: n }, () => draw(r));
        const q = new ExactQuantiles(budget, spillDir);
        for (const v of values) q.add(v);
        const got = q.quantiles(QS);
        same(got, bySort(values, QS), name);
        assert.equal(q.spilled, n > budget);
        if (q.spilled) assert.ok(q.passes >= 2, `at least a histogram and a collecting pass (${q.passes})`);
        assert.deepEqual(readdirSync(spillDir), [], "the spill file is removed");
      });
    }
  }

  it("several levels of passes when buckets stay larger than the budget", () => {
    // Values differing only in their last bits share the top 48 bits: every level is counted.
    const base = new Float64Array([1.5]);
    const words = new Uint32Array(base.buffer);
    const r = rng(7);
    const values: number[] = [];
    for (let k = 0; k < 30_000; k++) {
      words[0] = Math.floor(r() * 4096);
      values.push(base[0]!);
    }
    const q = new ExactQuantiles(100, spillDir);
    for (const v of values) q.add(v);
    same(q.quantiles(QS), bySort(values, QS), "low bits");
    assert.ok(q.passes >= 4, `passes: ${q.passes}`);
  });

  it("gives NaN for no values and serves one value", () => {
    assert.ok(Number.isNaN(new ExactQuantiles(10).quantiles([0.5])[0]!));
    const one = new ExactQuantiles(1, spillDir);
    one.add(-0);
    one.add(3);
    assert.deepEqual(one.quantiles([0, 0.5, 1]), bySort([-0, 3], [0, 0.5, 1]));
  });

  it("removes its file when disposed before the end (a failed read)", () => {
    const q = new ExactQuantiles(10, spillDir);
    for (let k = 0; k < 100; k++) q.add(k);
    assert.equal(readdirSync(spillDir).length, 1, "spilled to a folder of its own");
    q.dispose();
    q.dispose();
    assert.deepEqual(readdirSync(spillDir), []);
  });

  it("says where it cannot write", () => {
    const q = new ExactQuantiles(2, join(spillDir, "missing", "folder"));
    q.add(1);
    q.add(2);
    assert.throws(
      () => q.add(3),
      (e: Error & { code?: string }) => e.code === "RF_OUTPUT_UNWRITABLE" && /missing/.test(e.message),
    );
  });
});
