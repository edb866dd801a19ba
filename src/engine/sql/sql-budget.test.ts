import assert from "node:assert/strict";
import { test } from "node:test";
import { TEST_INPUTS, testScope } from "../../../test/support/sql/sql-scope.ts";
import { isRowforgeError } from "../../errors/index.ts";
import { compileSql } from "./compile/compile-sql.ts";
import type { SqlRunInputs } from "./sql-contract.ts";
import { parseSql } from "./syntax/parser.ts";

const limits = { maxStringLength: 100, maxArrayLength: 50, maxSqlLength: 1000, maxSqlDepth: 20 };
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
  const c = compileSql("repeat('x', 100000000)", scope, TEST_INPUTS);
  assert.throws(() => c.evaluate(scope.row()), budgetError("maxStringLength = 1048576"));
});
