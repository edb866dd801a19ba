import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { RowRandom } from "../rng/index.ts";
import { constant, type Draw, pickFrom } from "./locale-draw.ts";
import { distinctWords, paragraphDraw, randomTextDraw } from "./table-draws.ts";

const draws = (draw: Draw, n: number, key = 1): string[] => {
  const rnd = new RowRandom(key);
  return Array.from({ length: n }, (_, i) => draw(rnd.at(i)));
};

describe("compiled random texts", () => {
  it("hold a character of every class asked for, within the length range, each length drawn", () => {
    const values = draws(randomTextDraw(4, 7, true, true, true), 2_000);
    for (const v of values) {
      assert.ok(v.length >= 4 && v.length <= 7, v);
      assert.match(v, /[a-z]/);
      assert.match(v, /[A-Z]/);
      assert.match(v, /[!@#$%^&*]/);
      assert.match(v, /\d/);
      assert.match(v, /^[a-zA-Z0-9!@#$%^&*]+$/);
    }
    assert.deepEqual(new Set(values.map((v) => v.length)), new Set([4, 5, 6, 7]));
    assert.ok(new Set(values).size > 1_990, `${new Set(values).size} distinct of 2,000`);
    // The classes are shuffled: the first character is not always the lower-case one.
    assert.ok(values.some((v) => !/^[a-z]/.test(v)));
  });

  it("use only the classes asked for, and refuse an empty length range when compiled", () => {
    for (const v of draws(randomTextDraw(20, 20, false, false, false), 200)) assert.match(v, /^[a-z]{20}$/);
    assert.throws(() => randomTextDraw(0, 4, false, false, false), /text length range 0..4 is empty/);
    assert.throws(() => randomTextDraw(5, 4, false, false, false), /text length range 5..4 is empty/);
  });
});

describe("compiled word compositions", () => {
  it("pick different words of a list, 2-3 of them", () => {
    const list = ["a", "b", "c", "d", "e"];
    const counts = new Set<number>();
    for (const v of draws(distinctWords(list, 2, 3, ", "), 500)) {
      const words = v.split(", ");
      counts.add(words.length);
      assert.equal(new Set(words).size, words.length, v);
      for (const w of words) assert.ok(list.includes(w), v);
    }
    assert.deepEqual(counts, new Set([2, 3]));
  });

  it("make paragraphs of the given number of sentences and up to two more", () => {
    const counts = new Set<number>();
    for (const v of draws(paragraphDraw(pickFrom(["lorem", "ipsum"]), 3), 500)) {
      const sentences = v.split(". ").length;
      counts.add(sentences);
      assert.match(v, /^([A-Z][a-z]+( [a-z]+){2,7}\.)( [A-Z][a-z]+( [a-z]+){2,7}\.)*$/, v);
    }
    assert.deepEqual(counts, new Set([3, 4, 5]));
    assert.equal(draws(paragraphDraw(constant("x"), 1), 1)[0]?.startsWith("X x x"), true);
  });
});
