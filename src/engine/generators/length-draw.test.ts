import assert from "node:assert/strict";
import { test } from "node:test";
import { RowRandom } from "../rng/index.ts";
import { lengthDraw } from "./length-draw.ts";

/** 20,000 lengths drawn for min..max with an average. */
function lengths(min: number, max: number, avg: number | undefined): number[] {
  const draw = lengthDraw(min, max, avg);
  const rnd = new RowRandom(7);
  return Array.from({ length: 20_000 }, (_, i) => draw(rnd.at(i)));
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

test("lengths with an average stay in their range, are drawn evenly around it, and reach the longest about 1 in 64", () => {
  for (const [min, max, avg, usual] of [
    [1, 255, 11, [1, 21]],
    [0, 100, 5, [0, 10]],
    [10, 60, 20, [10, 30]],
    [1, 20, 15, [10, 20]],
  ] as const) {
    const xs = lengths(min, max, avg);
    const inUsual = xs.filter((x) => x >= usual[0] && x <= usual[1]);
    assert.ok(
      xs.every((x) => Number.isInteger(x) && (x === max || (x >= usual[0] && x <= usual[1]))),
      `${min}..${max}`,
    );
    assert.ok(Math.abs(mean(inUsual) - avg) < 0.3, `${min}..${max} avg ${avg}: ${mean(inUsual)}`);
    assert.deepEqual(new Set(inUsual).size, usual[1] - usual[0] + 1, `${min}..${max}: every usual length`);
    const longest = xs.filter((x) => x === max).length / xs.length;
    if (usual[1] < max) assert.ok(longest > 1 / 80 && longest < 1 / 50, `${min}..${max}: longest ${longest}`);
  }
});

test("lengths without an average are drawn evenly; an average at a bound is that bound", () => {
  const even = lengths(1, 20, undefined);
  assert.ok(Math.abs(mean(even) - 10.5) < 0.3);
  assert.deepEqual(new Set(lengths(3, 30, 3)), new Set([3]));
  assert.deepEqual(new Set(lengths(3, 30, 40)), new Set([30]));
});

test("the same rows draw the same lengths", () => {
  assert.deepEqual(lengths(1, 255, 11), lengths(1, 255, 11));
});
