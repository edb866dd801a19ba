import assert from "node:assert/strict";
import { it } from "node:test";
import { TEST_INPUTS, testScope } from "../../../../test/support/sql/sql-scope.ts";
import { DataTypes } from "../../../model/data-type.ts";
import { compileSql } from "../compile/compile-sql.ts";
import type { SqlValue } from "../sql-contract.ts";
import { parseSignature } from "./function-signature.ts";
import { strictFunction } from "./sql-function.ts";

it("reads names, arity and the call the reference shows", () => {
  const s = parseSignature("substring|substr(str, pos[, len])");
  assert.deepEqual(s.names, ["substring", "substr"]);
  assert.deepEqual([s.minArgs, s.maxArgs, s.call], [2, 3, "substring(str, pos[, len])"]);
  assert.equal(s.result, undefined);
  const rest = parseSignature("concat_ws(sep, parts...)");
  assert.deepEqual([rest.minArgs, rest.maxArgs], [1, Infinity]);
  const none = parseSignature("pi()");
  assert.deepEqual([none.minArgs, none.maxArgs, none.call], [0, 0, "pi()"]);
  const optionalOnly = parseSignature("unix_timestamp([time, pattern])");
  assert.deepEqual([optionalOnly.minArgs, optionalOnly.maxArgs], [0, 2]);
});

it("reads parameter and result types, and leaves them out of the call", () => {
  const s = parseSignature("left(str: string, len: int): string");
  assert.deepEqual(
    s.params.map((p) => [p.name, p.type]),
    [
      ["str", DataTypes.string],
      ["len", DataTypes.int],
    ],
  );
  assert.deepEqual(s.result, DataTypes.string);
  assert.equal(s.call, "left(str, len)");
});

it("refuses a malformed signature or an unknown type, naming it", () => {
  assert.throws(() => parseSignature("left str"), /"left str" is malformed/);
  assert.throws(() => parseSignature("left(s: strng): string"), /"left\(s: strng\): string"/);
});

it("a strict function casts its arguments, and is NULL when one is NULL", () => {
  const scope = testScope({ s: "string", n: "long" });
  const value = (sql: string, row: Record<string, SqlValue>) =>
    compileSql(sql, scope, TEST_INPUTS).evaluate(scope.row(row));
  assert.equal(value("left(s, n)", { s: "hello", n: 2n }), "he");
  assert.equal(value("left(s, n)", { s: null, n: 2n }), null);
  assert.equal(value("left(s, n)", { s: "hello", n: null }), null);
  assert.throws(
    () => compileSql("left(s, array(1))", scope, TEST_INPUTS),
    /left\(\): the second argument must be int/,
  );
});

it("a strict function needs typed parameters, a fixed arity and a result type", () => {
  const same = (x: unknown) => x as SqlValue;
  assert.throws(() => strictFunction("f(x): int", "fixed", "", same), /needs fixed, typed parameters/);
  assert.throws(() => strictFunction("f(x: int)", "fixed", "", same), /and a result type/);
  assert.throws(() => strictFunction("f(x: int[, y: int]): int", "fixed", "", same), /needs fixed/);
  assert.equal(strictFunction("f|g(x: int): int", "fixed", "", same).length, 2);
});
