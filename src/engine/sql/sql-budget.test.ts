import assert from "node:assert/strict";
import { test } from "node:test";
import { TEST_INPUTS, testScope } from "../../../test/support/sql/sql-scope.ts";
import { isRowforgeError } from "../../errors/index.ts";
import { compileSql } from "./compile/compile-sql.ts";
import type { SqlRunInputs, SqlValue } from "./sql-contract.ts";
import { parseSql } from "./syntax/parser.ts";

const limits = {
  maxStringLength: 100,
  maxArrayLength: 50,
  maxBytesPerRow: 100_000,
  maxSqlLength: 1000,
  maxSqlDepth: 20,
};
const inputs: SqlRunInputs = { ...TEST_INPUTS, limits };
const scope = testScope({ n: "int", s: "string" });

const budgetError = (name: string) => (e: unknown) =>
  isRowforgeError(e) && e.code === "RF_BUDGET_EXCEEDED" && e.message.includes(name);

test("expressions deeper than maxSqlDepth are refused while parsing, not by a stack overflow", () => {
  assert.throws(() => parseSql(`${"(".repeat(5000)}1${")".repeat(5000)}`), budgetError("maxSqlDepth = 256"));
  assert.throws(() => parseSql(`${"- ".repeat(5000)}1`), budgetError("maxSqlDepth"));
  assert.throws(() => parseSql(`${"not ".repeat(5000)}true`), budgetError("maxSqlDepth"));
  assert.throws(() => parseSql(Array(5000).fill("1").join(" + ")), budgetError("maxSqlDepth"));
  assert.throws(
    () => parseSql("((((1))))", { maxSqlDepth: 3, maxSqlLength: 100 }),
    budgetError("maxSqlDepth = 3"),
  );
  assert.equal(parseSql(`${"(".repeat(100)}1${")".repeat(100)}`).kind, "literal");
});

test("expressions longer than maxSqlLength are refused before they are parsed", () => {
  assert.throws(() => parseSql(`'${"x".repeat(2000)}'`, limits), budgetError("maxSqlLength = 1000"));
});

test("functions that grow a value check maxStringLength and maxArrayLength before allocating", () => {
  const grows: [string, string][] = [
    ["repeat(s, n)", "maxStringLength"],
    ["space(n)", "maxStringLength"],
    ["lpad(s, n, 'ab')", "maxStringLength"],
    ["rpad(s, n)", "maxStringLength"],
    ["array_repeat(s, n)", "maxArrayLength"],
    ["sequence(1, n)", "maxArrayLength"],
  ];
  for (const [sql, limit] of grows) {
    const c = compileSql(sql, scope, inputs);
    assert.throws(() => c.evaluate(scope.row({ n: 1_000_000_000, s: "x" })), budgetError(limit), sql);
    assert.notEqual(c.evaluate(scope.row({ n: 10, s: "x" })), null, `${sql} within the budget`);
  }
  const concat = compileSql("concat(s, s, s)", scope, inputs);
  assert.throws(() => concat.evaluate(scope.row({ s: "x".repeat(40) })), budgetError("concat()"));
  const pipes = compileSql("s || s", scope, inputs);
  assert.throws(() => pipes.evaluate(scope.row({ s: "x".repeat(60) })), budgetError("operator ||"));
  const ws = compileSql("concat_ws(',', s, s, s)", scope, inputs);
  assert.throws(() => ws.evaluate(scope.row({ s: "x".repeat(40) })), budgetError("concat_ws()"));
  assert.equal(compileSql("concat(s, s)", scope, inputs).evaluate(scope.row({ s: "ab" })), "abab");
});

test("without limits in the inputs the default budget applies", () => {
  const c = compileSql("repeat(s, 100000000)", scope, TEST_INPUTS);
  assert.throws(() => c.evaluate(scope.row({ s: "x" })), budgetError("maxStringLength = 1048576"));
});

test("a growing call of constants is refused when it is compiled, not on the first row", () => {
  assert.throws(() => compileSql("repeat('x', 100000000)", scope, inputs), budgetError("repeat()"));
  assert.throws(
    () => compileSql("concat(s, repeat(repeat('ab', 10), 10))", scope, inputs),
    budgetError("maxStringLength = 100"),
  );
  // Other errors of constant calls stay where they happen, on the rows.
  const c = compileSql("if(n > 0, 1, sequence(1, 5, 0)[0])", scope, inputs);
  assert.equal(c.evaluate(scope.row({ n: 1 })), 1);
});

/** An expression over `s` (string), `n` (int) and `a` (array<string>), evaluated on one row. */
const evalWith = (sql: string, row: Record<string, SqlValue>, given: SqlRunInputs = inputs) =>
  compileSql(sql, wide, given).evaluate(wide.row(row));
const wide = testScope({ n: "int", s: "string", a: "array<string>" });

test("every function whose result can outgrow its arguments checks it, by growth class", () => {
  const x60 = "x".repeat(60);
  const refused: [string, Record<string, SqlValue>, string][] = [
    // Size from a count in the row, or a product of the arguments: checked before building.
    ["replace(s, 'x', s)", { s: "x".repeat(20) }, "replace()"],
    ["regexp_replace(s, 'x', s)", { s: "x".repeat(20) }, "regexp_replace()"],
    ["regexp_replace(s, '', 'yyy')", { s: x60 }, "regexp_replace()"],
    ["format_string('%1$s%1$s', s)", { s: x60 }, "format_string()"],
    ["printf(s, 1)", { s: "%500d" }, "printf()"],
    ["format_number(n, n)", { n: 1000 }, "format_number()"],
    ["array_join(a, ',')", { a: Array(30).fill("xxxx") }, "array_join()"],
    ["flatten(array(a, a))", { a: Array(30).fill("x") }, "flatten()"],
    [
      "map_concat(map_from_arrays(sequence(1, 30), a), map_from_arrays(sequence(31, 60), a))",
      { a: Array(30).fill("x") },
      "map_concat()",
    ],
    ["concat(unhex(s), unhex(s))", { s: "ab".repeat(60) }, "concat()"],
    // Bounded factors of the arguments: checked as soon as they are built.
    ["translate(s, 'x', '😀')", { s: x60 }, "translate()"],
    ["upper(s)", { s: "ß".repeat(60) }, "upper()"],
    ["overlay(s, s, 2, 0)", { s: x60 }, "overlay()"],
    ["hex(hex(s))", { s: "x".repeat(30) }, "hex()"],
    ["base64(base64(base64(base64(s))))", { s: x60 }, "base64()"],
    ["url_encode(s)", { s: "€".repeat(20) }, "url_encode()"],
    ["array_union(sequence(1, n), sequence(n + 1, 2 * n))", { n: 30 }, "array_union()"],
    ["date_format(to_date('2024-01-01'), s)", { s: "MMMM ".repeat(20) }, "date_format()"],
    ["to_json(array(s, s))", { s: x60 }, "to_json()"],
    ["cast(array(s, s) as string)", { s: x60 }, "the cast"],
  ];
  for (const [sql, row, name] of refused) {
    assert.throws(() => evalWith(sql, row), budgetError(name), sql);
  }
});

test("a row that builds too much in all is refused by maxBytesPerRow, loops and lambdas included", () => {
  const small: SqlRunInputs = { ...TEST_INPUTS, limits: { ...limits, maxBytesPerRow: 5000 } };
  const s = "x".repeat(99);
  for (const sql of [
    "transform(sequence(1, 50), i -> concat(s, 'y'))",
    "aggregate(sequence(1, 50), '', (acc, i) -> concat(s, substring(acc, 1, 1)))",
    "size(transform(sequence(1, 50), i -> reverse(s)))",
    "zip_with(sequence(1, 50), sequence(1, 50), (i, j) -> lower(s))",
    "concat_ws(',', transform(sequence(1, 40), i -> s || 'y'))",
  ]) {
    assert.throws(() => evalWith(sql, { s }, small), budgetError("maxBytesPerRow = 5000"), sql);
  }
  // The same within the row's budget.
  assert.equal(
    (evalWith("transform(sequence(1, 5), i -> concat(s, 'y'))", { s }, small) as unknown[]).length,
    5,
  );
});

test("values rendered as text are checked with all they hold before they are rendered", () => {
  const nested = "array_repeat(array_repeat(s, 50), 50)";
  const s = "x".repeat(99);
  // 50 x 50 references to one string take little memory; their text would take 500 kB.
  assert.throws(() => evalWith(`to_json(${nested})`, { s }), budgetError("maxBytesPerRow"));
  assert.throws(() => evalWith(`cast(${nested} as string)`, { s }), budgetError("maxBytesPerRow"));
  assert.throws(() => evalWith(`format_string('%s', ${nested})`, { s }), budgetError("maxBytesPerRow"));
});

test("the issue's inputs under the default budget: refused quickly, never a RangeError", () => {
  const defaults: SqlRunInputs = TEST_INPUTS;
  assert.throws(
    () => evalWith("transform(sequence(1, n), x -> repeat(s, 1000000))", { n: 100_000, s: "x" }, defaults),
    budgetError("maxBytesPerRow"),
  );
  const nestedReplace =
    "replace(replace(replace(repeat('x', 1000), 'x', repeat('x', 1000)), 'x', repeat('x', 1000)), 'x', 'yy')";
  assert.throws(() => compileSql(nestedReplace, wide, defaults), budgetError("replace()"));
  assert.throws(
    () =>
      compileSql(
        "regexp_replace(regexp_replace(repeat('ab', 1000), 'a', repeat('ab', 1000)), 'a', repeat('ab', 1000))",
        wide,
        defaults,
      ),
    budgetError("regexp_replace()"),
  );
  assert.throws(
    () => compileSql("format_string('%1000000000d', 1)", wide, defaults),
    budgetError("format_string()"),
  );
  assert.throws(
    () => compileSql("format_number(1.5, 100000000)", wide, defaults),
    budgetError("format_number()"),
  );
  assert.throws(() => compileSql("printf('%.100000000f', 1.5)", wide, defaults), budgetError("printf()"));
});
