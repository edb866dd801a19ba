import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { compileWith, testScope } from "../../../../test/support/sql/sql-scope.ts";
import { formatDataType } from "../../../model/data-type.ts";
import type { SqlValue } from "../sql-contract.ts";

const scope = testScope({
  i: "int",
  j: "int",
  l: "long",
  s: "short",
  b: "byte",
  d: "double",
  f: "float",
  dec: "decimal(5,2)",
  str: "string",
  flag: "boolean",
  dt: "date",
  ts: "timestamp",
});

/** Compiles `text` and evaluates it on one row; returns [type, value]. */
function run(text: string, values: Record<string, SqlValue> = {}): [string, SqlValue] {
  const c = compileWith(text, scope);
  return [formatDataType(c.type), c.evaluate(scope.row(values))];
}

describe("arithmetic types and values", () => {
  const cases: [string, Record<string, SqlValue>, string, SqlValue][] = [
    ["1 + 1", {}, "int", 2],
    ["i + l", { i: 1, l: 2n }, "long", 3n],
    ["i + d", { i: 1, d: 0.5 }, "double", 1.5],
    ["b + s", { b: 1, s: 2 }, "short", 3],
    ["b + b", { b: 100 }, "byte", -56],
    ["i + f", { i: 1, f: Math.fround(0.5) }, "float", 1.5],
    ["l + f", { l: 1n, f: 0.5 }, "float", 1.5],
    ["1 / 2", {}, "double", 0.5],
    ["i / j", { i: 7, j: 2 }, "double", 3.5],
    ["7 DIV 2", {}, "long", 3n],
    ["-7 DIV 2", {}, "long", -3n],
    ["7 % 3", {}, "int", 1],
    ["-7 % 3", {}, "int", -1],
    ["i % j", { i: -6, j: 3 }, "int", 0],
    ["d % 2", { d: -7.5 }, "double", -1.5],
    ["1 + '2'", {}, "double", 3],
    ["str * 2", { str: "1.5" }, "double", 3],
    ["str + 1", { str: "abc" }, "double", null],
    ["1.5 + 1", {}, "decimal(3,1)", 25n],
    ["dec + i", { dec: 150n, i: 2 }, "decimal(13,2)", 350n],
    ["dec * 5", { dec: 150n }, "decimal(7,2)", 750n],
    ["dec * i", { dec: 150n, i: 5 }, "decimal(16,2)", 750n],
    ["1.5 * 2.0", {}, "decimal(5,2)", 300n],
    ["dec / dec", { dec: 100n }, "decimal(13,8)", 100000000n],
    ["dec / 3", { dec: 100n }, "decimal(9,6)", 333333n],
    ["2.0 / 3", {}, "decimal(7,6)", 666667n],
    ["dec - 0.005", { dec: 100n }, "decimal(7,3)", 995n],
    ["dec % 0.3", { dec: 100n }, "decimal(2,2)", 10n],
    ["dec + d", { dec: 150n, d: 1 }, "double", 2.5],
    ["dec DIV 0.3", { dec: 100n }, "long", 3n],
    ["-dec", { dec: 150n }, "decimal(5,2)", -150n],
    ["- i", { i: -2147483648 }, "int", -2147483648],
    ["-'5'", {}, "double", -5],
    ["~i", { i: 0 }, "int", -1],
    ["i & 6 | 1", { i: 3 }, "int", 3],
    ["l ^ 1", { l: 3n }, "long", 2n],
  ];
  for (const [text, values, type, want] of cases) {
    it(text, () => assert.deepEqual(run(text, values), [type, want]));
  }
});

describe("overflow wraps and division by zero gives NULL (non-ANSI)", () => {
  const cases: [string, Record<string, SqlValue>, SqlValue][] = [
    ["i + 1", { i: 2147483647 }, -2147483648],
    ["i * i", { i: 65536 }, 0],
    ["i * 3", { i: 1000000000 }, -1294967296],
    ["l + 1", { l: 9223372036854775807n }, -9223372036854775808n],
    ["l * l", { l: 4294967296n }, 0n],
    ["s + s", { s: 32767 }, -2],
    ["s + 1", { s: 32767 }, 32768],
    ["i / 0", { i: 1 }, null],
    ["d / 0", { d: 1 }, null],
    ["d / 0.0", { d: 1 }, null],
    ["i % 0", { i: 1 }, null],
    ["i DIV 0", { i: 1 }, null],
    ["dec / 0", { dec: 1n }, null],
    ["l % 0", { l: 1n }, null],
    ["CAST(9999999999999999999999999999999999999.9 AS decimal(38,1)) * 10", {}, null],
  ];
  for (const [text, values, want] of cases) it(text, () => assert.deepEqual(run(text, values)[1], want));
});

describe("NULL propagation", () => {
  const cases: [string, string, SqlValue][] = [
    ["i + NULL", "int", null],
    ["NULL + NULL", "double", null],
    ["NULL * d", "double", null],
    ["-NULL", "double", null],
    ["i = NULL", "boolean", null],
    ["NULL <=> NULL", "boolean", true],
    ["1 <=> NULL", "boolean", false],
    ["NULL IS NULL", "boolean", true],
    ["str || NULL", "string", null],
    ["CAST(NULL AS int) + 1", "int", null],
    ["NULL", "string", null],
    ["CASE WHEN NULL THEN 1 ELSE 2 END", "int", 2],
    ["NOT NULL", "boolean", null],
  ];
  for (const [text, type, want] of cases)
    it(text, () => assert.deepEqual(run(text, { i: 1, d: 2, str: "a" }), [type, want]));

  it("columns holding NULL propagate", () => {
    assert.equal(run("i + j")[1], null);
    assert.equal(run("i + j", { i: 1 })[1], null);
    assert.equal(run("d * 2 > 1")[1], null);
    assert.equal(run("str LIKE 'a%'")[1], null);
    assert.equal(run("upper_bound IS NULL".replace("upper_bound", "i"))[1], true);
  });
});

describe("three-valued logic", () => {
  const values: [string, boolean | null][] = [
    ["TRUE", true],
    ["FALSE", false],
    ["NULL", null],
  ];
  const and = (a: boolean | null, b: boolean | null) =>
    a === false || b === false ? false : a === null || b === null ? null : true;
  const or = (a: boolean | null, b: boolean | null) =>
    a === true || b === true ? true : a === null || b === null ? null : false;
  for (const [ta, a] of values) {
    for (const [tb, bv] of values) {
      it(`${ta} AND/OR ${tb} (literals and columns)`, () => {
        assert.equal(run(`${ta} AND ${tb}`)[1], and(a, bv));
        assert.equal(run(`${ta} OR ${tb}`)[1], or(a, bv));
        const cols = testScope({ p: "boolean", q: "boolean" });
        const row = cols.row({ p: a, q: bv });
        assert.equal(compileWith("p AND q", cols).evaluate(row), and(a, bv));
        assert.equal(compileWith("p OR q", cols).evaluate(row), or(a, bv));
      });
    }
  }
  it("IS TRUE / IS FALSE never return NULL", () => {
    assert.equal(run("flag IS TRUE")[1], false);
    assert.equal(run("flag IS NOT TRUE")[1], true);
    assert.equal(run("flag IS FALSE", { flag: false })[1], true);
  });
});

describe("comparisons", () => {
  const cases: [string, Record<string, SqlValue>, SqlValue][] = [
    ["'10' > 9", {}, true],
    ["str = 1", { str: "1.0" }, true],
    ["str = 1", { str: "abc" }, null],
    ["str > 1.5", { str: "2" }, true],
    ["dt = '2024-01-01'", { dt: 19723 }, true],
    ["dt < '2024-01-02 10:00'", { dt: 19723 }, true],
    ["ts > '2024-01-01'", { ts: 1704067200000001 }, true],
    ["dt = ts", { dt: 19723, ts: 1704067200000000 }, true],
    ["dec = 1.5", { dec: 150n }, true],
    ["dec > i", { dec: 150n, i: 1 }, true],
    ["dec < d", { dec: 150n, d: 1.6 }, true],
    ["CAST('NaN' AS double) = CAST('NaN' AS double)", {}, true],
    ["CAST('NaN' AS double) > 1e308", {}, true],
    ["d > 1", { d: Number.NaN }, true],
    ["d < 1", { d: Number.NaN }, false],
    ["d >= j", { d: Number.NaN, j: 3 }, true],
    ["0.0D = -0.0D", {}, true],
    ["'a' < 'b'", {}, true],
    ["'a' < 'B'", {}, false],
    ["'\uffff' < '\u{1F600}'", {}, true],
    ["l > i", { l: 3n, i: 2 }, true],
    ["flag = TRUE", { flag: true }, true],
    ["FALSE < TRUE", {}, true],
    ["i <> 2", { i: 2 }, false],
    ["i != 3", { i: 2 }, true],
    ["i == 2", { i: 2 }, true],
  ];
  for (const [text, values, want] of cases)
    it(text, () => assert.deepEqual(run(text, values), ["boolean", want]));

  it("compares arrays and structs element by element", () => {
    const sc = testScope({ a: "array<int>", b: "array<int>", r: "struct<x:int,y:string>" });
    const row = sc.row({ a: [1, 2], b: [1, 3] });
    assert.equal(compileWith("a < b", sc).evaluate(row), true);
    assert.equal(compileWith("a = b", sc).evaluate(row), false);
    assert.equal(compileWith("a = a", sc).evaluate(row), true);
  });
});

describe("IN and BETWEEN", () => {
  const cases: [string, Record<string, SqlValue>, SqlValue][] = [
    ["i IN (1, 2, 3)", { i: 2 }, true],
    ["i IN (1, 2, 3)", { i: 4 }, false],
    ["i NOT IN (1, 2, 3)", { i: 4 }, true],
    ["3 IN (1, 2, NULL)", {}, null],
    ["1 IN (1, NULL)", {}, true],
    ["3 NOT IN (1, NULL)", {}, null],
    ["i IN (1, 2)", {}, null],
    ["str IN ('New York', 'Chicago')", { str: "Chicago" }, true],
    ["i IN ('1', '2')", { i: 1 }, true],
    ["i IN ('01')", { i: 1 }, false],
    ["i IN (j, 5)", { i: 7, j: 7 }, true],
    ["d IN (1, 2.5)", { d: 2.5 }, true],
    ["dec IN (1.5, 2)", { dec: 150n }, true],
    ["i BETWEEN 1 AND 3", { i: 3 }, true],
    ["i BETWEEN 1 AND 3", { i: 4 }, false],
    ["i NOT BETWEEN 1 AND 3", { i: 4 }, true],
    ["i BETWEEN NULL AND 3", { i: 4 }, false],
    ["i BETWEEN NULL AND 3", { i: 2 }, null],
    ["dt BETWEEN '2024-01-01' AND '2024-12-31'", { dt: 19800 }, true],
  ];
  for (const [text, values, want] of cases)
    it(text, () => assert.deepEqual(run(text, values), ["boolean", want]));
});

describe("LIKE and RLIKE", () => {
  const cases: [string, string, SqlValue][] = [
    ["str LIKE 'A%'", "Abc", true],
    ["str LIKE 'A%'", "bAc", false],
    ["str LIKE '%c'", "Abc", true],
    ["str LIKE '%b%'", "Abc", true],
    ["str LIKE 'A%c'", "Ac", true],
    ["str LIKE 'A%c'", "Ab", false],
    ["str LIKE 'A_c'", "Abc", true],
    ["str LIKE 'A_c'", "Ac", false],
    ["str LIKE '_'", "😀", true],
    ["str LIKE 'a%'", "a\nb", true],
    ["str LIKE 'Abc'", "Abc", true],
    ["str LIKE ''", "", true],
    ["str LIKE '100\\%'", "100%", true],
    ["str LIKE '100\\%'", "1000", false],
    ["str LIKE '1!_%' ESCAPE '!'", "1_x", true],
    ["str LIKE '1!_%' ESCAPE '!'", "12x", false],
    ["str LIKE 'a.c'", "abc", false],
    ["str LIKE '(a)%'", "(a)b", true],
    ["str NOT LIKE 'A%'", "Abc", false],
    ["str ILIKE 'a%'", "ABC", true],
    ["str RLIKE '\\\\d+'", "abc123", true],
    ["str RLIKE '^\\\\d+$'", "abc123", false],
    ["str RLIKE '^[A-Z]{3}[0-9]{2}$'", "ABC12", true],
    ["str RLIKE '^\\\\p{Alpha}+$'", "Hello", true],
    ["str RLIKE '(?i)^hello'", "HELLO world", true],
    ["str REGEXP 'a$'", "ba\n", true],
    ["str NOT RLIKE 'x'", "abc", true],
    ["str RLIKE str", "abc", true],
  ];
  for (const [text, value, want] of cases) {
    it(`${text} on ${JSON.stringify(value)}`, () =>
      assert.deepEqual(run(text, { str: value }), ["boolean", want]));
  }

  it("casts a number to string for LIKE", () => {
    assert.equal(run("i LIKE '1%'", { i: 123 })[1], true);
  });
});

describe("CASE", () => {
  const cases: [string, Record<string, SqlValue>, string, SqlValue][] = [
    ["CASE WHEN i > 100 THEN 'HIGH' ELSE 'LOW' END", { i: 150 }, "string", "HIGH"],
    ["CASE WHEN i > 100 THEN 'HIGH' ELSE 'LOW' END", { i: 50 }, "string", "LOW"],
    ["CASE WHEN i > 100 THEN 'HIGH' ELSE 'LOW' END", {}, "string", "LOW"],
    ["CASE WHEN i > 100 THEN 'HIGH' END", { i: 1 }, "string", null],
    [
      "CASE WHEN i < 25 THEN 'a' WHEN i < 40 THEN 'b' WHEN i < 60 THEN 'c' ELSE 'd' END",
      { i: 45 },
      "string",
      "c",
    ],
    ["CASE WHEN flag THEN 1 ELSE 'x' END", { flag: true }, "string", "1"],
    ["CASE WHEN flag THEN 1 ELSE 2.5 END", { flag: true }, "decimal(11,1)", 10n],
    ["CASE WHEN flag THEN 10.00 WHEN i > 1 THEN 5.00 ELSE 0.00 END", { i: 5 }, "decimal(4,2)", 500n],
    ["CASE WHEN flag THEN d ELSE NULL END", { flag: true, d: 2 }, "double", 2],
    ["CASE WHEN flag THEN true ELSE false END", {}, "boolean", false],
    ["CASE i WHEN 1 THEN 'one' WHEN 2 THEN 'two' ELSE 'many' END", { i: 2 }, "string", "two"],
    ["CASE i WHEN 1 THEN 'one' ELSE 'many' END", {}, "string", "many"],
    ["CASE str WHEN 'a' THEN 1 END", { str: "a" }, "int", 1],
    ["CASE WHEN 1 = 1 THEN 'always' ELSE str END", {}, "string", "always"],
    [
      "CASE WHEN 0.8 > 0.5 THEN 0.8 ELSE 0.4 END * CASE WHEN i > 1 THEN 0.2 ELSE 0.5 END",
      { i: 2 },
      "decimal(3,2)",
      16n,
    ],
  ];
  for (const [text, values, type, want] of cases) {
    it(text, () => assert.deepEqual(run(text, values), [type, want]));
  }
});

describe("casts and concatenation in expressions", () => {
  const cases: [string, Record<string, SqlValue>, string, SqlValue][] = [
    ["CAST(d AS STRING)", { d: 1e10 }, "string", "1.0E10"],
    ["CAST(ts AS STRING)", { ts: 1_700_000_000_123_000 }, "string", "2023-11-14 22:13:20.123"],
    ["CAST(i * 2.5 AS INT)", { i: 3 }, "int", 7],
    ["d::int", { d: 2.9 }, "int", 2],
    ["CAST(str AS DATE)", { str: "2024-02-29" }, "date", 19782],
    ["int(str)", { str: "42" }, "int", 42],
    ["date(ts)", { ts: 1704067200000000 }, "date", 19723],
    ["str || '-' || i", { str: "a", i: 1 }, "string", "a-1"],
    ["dt || ''", { dt: 19723 }, "string", "2024-01-01"],
  ];
  for (const [text, values, type, want] of cases) {
    it(text, () => assert.deepEqual(run(text, values), [type, want]));
  }
});

describe("date and interval arithmetic", () => {
  const day = 86_400_000_000;
  const cases: [string, Record<string, SqlValue>, string, SqlValue][] = [
    ["dt + 1", { dt: 19723 }, "date", 19724],
    ["1 + dt", { dt: 19723 }, "date", 19724],
    ["dt - 1", { dt: 19723 }, "date", 19722],
    ["ts + INTERVAL 5 SECOND", { ts: 0 }, "timestamp", 5_000_000],
    ["ts + INTERVAL 1 MINUTE", { ts: 0 }, "timestamp", 60_000_000],
    ["ts - INTERVAL '2' HOURS", { ts: 0 }, "timestamp", -7_200_000_000],
    ["INTERVAL 1 DAY + ts", { ts: 0 }, "timestamp", day],
    ["ts + INTERVAL 1 MONTH", { ts: 19752 * day + 3_600_000_000 }, "timestamp", 19782 * day + 3_600_000_000],
    ["dt + INTERVAL 1 MONTH", { dt: 19752 }, "date", 19782],
    ["dt - INTERVAL 1 YEAR", { dt: 19782 }, "date", 19416],
    ["dt + INTERVAL 1 DAY", { dt: 19723 }, "date", 19724],
    ["dt + INTERVAL 1 HOUR", { dt: 0 }, "timestamp", 3_600_000_000],
    ["ts + -INTERVAL 1 DAY", { ts: day }, "timestamp", 0],
    ["ts + INTERVAL 1 DAY", {}, "timestamp", null],
  ];
  for (const [text, values, type, want] of cases) {
    it(text, () => assert.deepEqual(run(text, values), [type, want]));
  }
});
