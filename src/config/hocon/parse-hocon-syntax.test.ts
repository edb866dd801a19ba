import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseOk } from "../../../test/support/config/hocon-problems.ts";
import { parseHocon } from "./parse-hocon.ts";

describe("HOCON syntax", () => {
  test("an empty file is an empty object", () => {
    assert.deepEqual(parseOk(""), {});
    assert.deepEqual(parseOk("  \n# only a comment\n"), {});
  });

  test("root object with or without braces", () => {
    assert.deepEqual(parseOk("a = 1\nb = 2"), { a: 1, b: 2 });
    assert.deepEqual(parseOk("{ a = 1\nb = 2 }"), { a: 1, b: 2 });
    assert.deepEqual(parseOk('{"a": 1, "b": [true, null]}'), { a: 1, b: [true, null] });
  });

  test("comments with # and //, also after values", () => {
    const text = '# top\na = 1 # after\n// line\nb = x // after\nc = "has # and // inside"';
    assert.deepEqual(parseOk(text), { a: 1, b: "x", c: "has # and // inside" });
  });

  test("separators =, : and none before {", () => {
    assert.deepEqual(parseOk("a = 1\nb : 2\nc { d = 3 }\ne {\n}"), { a: 1, b: 2, c: { d: 3 }, e: {} });
  });

  test("commas or newlines separate fields; one trailing comma is allowed", () => {
    assert.deepEqual(parseOk("a = 1, b = 2,\nc = 3,"), { a: 1, b: 2, c: 3 });
    assert.deepEqual(parseOk("x { a = 1, b = 2, }"), { x: { a: 1, b: 2 } });
  });

  test("a separating comma may start the next line", () => {
    assert.deepEqual(parseOk('a = [ 1 // one\n, 2\n, 3 ]\nb = "x"\n  , c = 1'), {
      a: [1, 2, 3],
      b: "x",
      c: 1,
    });
  });

  test("a value may start on the line after the separator", () => {
    assert.deepEqual(parseOk("a =\n  42"), { a: 42 });
  });

  test("unquoted dotted keys are paths", () => {
    assert.deepEqual(parseOk('spark.cassandra.connection.host = "x"'), {
      spark: { cassandra: { connection: { host: "x" } } },
    });
  });

  test("quoted keys stay single keys even with dots", () => {
    assert.deepEqual(parseOk('"spark.driver.memory" = "6g"'), { "spark.driver.memory": "6g" });
  });

  test("mixed quoted and unquoted path elements", () => {
    assert.deepEqual(parseOk('a."b.c".d = 1'), { a: { "b.c": { d: 1 } } });
    assert.deepEqual(parseOk('foo"10.0" = 1'), { "foo10.0": 1 });
    assert.deepEqual(parseOk("10.0foo = 1"), { 10: { "0foo": 1 } });
  });

  test("keys with spaces, numbers, and literal words are strings", () => {
    assert.deepEqual(parseOk("a b c = 1"), { "a b c": 1 });
    assert.deepEqual(parseOk("true = 1\n3 = 2"), { true: 1, 3: 2 });
    assert.deepEqual(parseOk("3.14 = 1"), { 3: { 14: 1 } });
    assert.deepEqual(parseOk('a."".b = 1'), { a: { "": { b: 1 } } });
  });

  test("dotted keys merge with objects written elsewhere", () => {
    assert.deepEqual(parseOk("a.x = 1, a.y = 2\na { z = 3 }"), { a: { x: 1, y: 2, z: 3 } });
  });

  test("quoted strings with JSON escapes", () => {
    assert.deepEqual(parseOk(String.raw`a = "tab\tquote\" slash\/ back\\ nl\n \u00e9"`), {
      a: 'tab\tquote" slash/ back\\ nl\n é',
    });
  });

  test("triple-quoted strings keep newlines and backslashes; extra closing quotes belong to the text", () => {
    assert.deepEqual(parseOk('a = """line1\n  "quoted" \\n"""'), { a: 'line1\n  "quoted" \\n' });
    assert.deepEqual(parseOk('a = """foo""""'), { a: 'foo"' });
  });

  test("unquoted strings, including paths and URL-free text", () => {
    assert.deepEqual(parseOk("a = /opt/app/custom\nb = hello-world_1.2"), {
      a: "/opt/app/custom",
      b: "hello-world_1.2",
    });
  });

  test('"local[*]" must be quoted and then parses as text', () => {
    assert.deepEqual(parseOk('master = "local[*]"'), { master: "local[*]" });
  });

  test("numbers: integers, negatives, decimals, exponents", () => {
    assert.deepEqual(parseOk("a = 10000\nb = -5\nc = 0.1\nd = 1e3\ne = 2.5E-2"), {
      a: 10000,
      b: -5,
      c: 0.1,
      d: 1000,
      e: 0.025,
    });
  });

  test("text that starts like a number is text", () => {
    assert.deepEqual(parseOk("a = 10s\nb = 1.2.3\nc = 2024-01-31\nd = -x"), {
      a: "10s",
      b: "1.2.3",
      c: "2024-01-31",
      d: "-x",
    });
  });

  test("an integer too large for a double keeps its digits as text", () => {
    assert.deepEqual(parseOk("seed = 12345678901234567890"), { seed: "12345678901234567890" });
  });

  test("only true and false are booleans; yes/no/on/off are text; null is null", () => {
    assert.deepEqual(parseOk('a = true\nb = false\nc = yes\nd = off\ne = null\nf = "true"'), {
      a: true,
      b: false,
      c: "yes",
      d: "off",
      e: null,
      f: "true",
    });
  });

  test("arrays with commas, newlines, trailing comma, nesting", () => {
    assert.deepEqual(parseOk("a = [1, 2, 3,]\nb = [\n  x\n  y\n]\nc = []\nd = [[1], {k = v}]"), {
      a: [1, 2, 3],
      b: ["x", "y"],
      c: [],
      d: [[1], { k: "v" }],
    });
  });

  test("whitespace inside an array element is concatenation, not a separator", () => {
    assert.deepEqual(parseOk("a = [1 2 3 4]"), { a: ["1 2 3 4"] });
  });

  test("Unicode spaces, BOM and CRLF line ends are whitespace", () => {
    assert.deepEqual(parseOk("\uFEFFa\u00A0=\u2003 1\r\nb = 2\r\n"), { a: 1, b: 2 });
  });

  test("an unquoted include that is not followed by a resource name is an ordinary key", () => {
    assert.deepEqual(parseOk("include = 1\nfoo include = 2\nx = include"), {
      include: 1,
      "foo include": 2,
      x: "include",
    });
  });

  test("a __proto__ key is an ordinary key and does not touch prototypes", () => {
    const r = parseHocon('"__proto__" { polluted = true }\nconstructor = 1', { env: {} });
    assert.deepEqual(r.diagnostics, []);
    assert.equal(Object.getPrototypeOf(r.value), null);
    assert.deepEqual(Object.keys(r.value), ["__proto__", "constructor"]);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});
