// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the fixtures are HOCON text, where ${...} is a substitution
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseOk, problems } from "../../../test/support/config/hocon-problems.ts";

describe("HOCON duplicate keys and concatenation", () => {
  test("a later object merges into an earlier object, recursively", () => {
    assert.deepEqual(parseOk("a { x = 1, n { p = 1 } }\na { y = 2, n { q = 2 } }"), {
      a: { x: 1, y: 2, n: { p: 1, q: 2 } },
    });
  });

  test("a later non-object replaces", () => {
    assert.deepEqual(parseOk("a = 1\na = 2\nb { x = 1 }\nb = 3"), { a: 2, b: 3 });
  });

  test("a non-object in between prevents the merge of two objects", () => {
    assert.deepEqual(parseOk("a { x = 1 }\na = null\na { y = 2 }"), { a: { y: 2 } });
  });

  test("a later array replaces an earlier array", () => {
    assert.deepEqual(parseOk("a = [1, 2]\na = [3]"), { a: [3] });
  });

  test("string concatenation keeps inner whitespace and numbers as written", () => {
    assert.deepEqual(parseOk('a = foo   bar "baz"  1.0 true\nb = "x"y'), {
      a: "foo   bar baz  1.0 true",
      b: "xy",
    });
  });

  test("string concatenation with a substitution", () => {
    assert.deepEqual(parseOk('name = world\ngreeting = hello ${name} "!"'), {
      name: "world",
      greeting: "hello world !",
    });
    assert.deepEqual(parseOk('n = 5\na = ${n}" items"\nb = ${n}${n}'), { n: 5, a: "5 items", b: "55" });
  });

  test("a lone value keeps its type; null and booleans become text only when joined", () => {
    assert.deepEqual(parseOk("a = null x\nb = true false"), { a: "null x", b: "true false" });
  });

  test("array concatenation", () => {
    assert.deepEqual(parseOk("a = [1, 2] [3, 4]\nb = [ [1, 2] [3, 4] ]"), {
      a: [1, 2, 3, 4],
      b: [[1, 2, 3, 4]],
    });
  });

  test("object concatenation merges", () => {
    assert.deepEqual(parseOk("a = { b = 1 } { c = 2 }\nd = { b = 1 } { b = 2 }"), {
      a: { b: 1, c: 2 },
      d: { b: 2 },
    });
  });

  test("inheritance through an object substitution", () => {
    const text = "generic = { size = 6, zone = a }\neast = ${generic} { zone = east }";
    assert.deepEqual(parseOk(text), { generic: { size: 6, zone: "a" }, east: { size: 6, zone: "east" } });
  });

  test("mixing a list and text in one value is an error at the value", () => {
    const out = problems("a = [1] x");
    assert.equal(out.length, 1);
    assert.match(out[0]!, /^RF_HOCON_SYNTAX 1:5 this value writes a list next to text/);
  });

  test("mixing an object and a list through substitutions is an error", () => {
    const out = problems("o = { k = 1 }\nl = [1]\na = ${o} ${l}");
    assert.equal(out.length, 1);
    assert.match(
      out[0]!,
      /^RF_HOCON_SYNTAX 3:5 this value writes (an object next to a list|a list next to an object)/,
    );
  });
});
