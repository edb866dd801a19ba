import assert from "node:assert/strict";
import { it } from "node:test";
import { TEST_INPUTS } from "../../../../test/support/sql/sql-scope.ts";
import { DataTypes } from "../../../model/data-type.ts";
import type { SqlArg, SqlRowContext, SqlValue } from "../sql-contract.ts";
import { defineFunction, type FunctionRow, functionTable, strict } from "./sql-function.ts";

const arg = (type: SqlArg["type"], value: SqlValue): SqlArg => ({ type, evaluate: () => value });
const row = {} as SqlRowContext;
/** A strict row whose result is bounded at 16 bytes. */
const TWICE: FunctionRow = [
  "twice(n: int): int",
  "fixed",
  "twice n",
  strict(
    (n: number) => 2 * n,
    () => 16,
  ),
];

it("a function table gives one entry per name, in the order of its rows", () => {
  const table = functionTable([
    [
      "first|one(x)",
      "input",
      ": the argument",
      (args, _inputs, name) => ({ type: args[0]!.type, evaluate: () => name }),
    ],
    ...defineFunction("kept", "fixed", 0, 0, "an entry built otherwise", () => ({
      type: DataTypes.int,
      evaluate: () => 7,
    })),
    TWICE,
  ]);
  assert.deepEqual(
    table.map((f) => [f.name, f.growth, f.minArgs, f.maxArgs, f.doc]),
    [
      ["first", "input", 1, 1, "first(x): the argument"],
      ["one", "input", 1, 1, "first(x): the argument"],
      ["kept", "fixed", 0, 0, "an entry built otherwise"],
      ["twice", "fixed", 1, 1, "twice n"],
    ],
  );
  // A compile row is told the name it was called by (an alias is its own entry).
  assert.equal(table[1]!.compile([arg(DataTypes.string, "x")], TEST_INPUTS).evaluate(row), "one");
  assert.equal(table[2]!.compile([], TEST_INPUTS).evaluate(row), 7);
});

it("a strict row casts its arguments to the signature's types and is NULL when one is NULL", () => {
  const [twice] = functionTable([TWICE]);
  const call = twice!.compile([arg(DataTypes.short, 21)], TEST_INPUTS);
  assert.deepEqual([call.type, call.bound, call.evaluate(row)], [DataTypes.int, 16, 42]);
  assert.equal(twice!.compile([arg(DataTypes.int, null)], TEST_INPUTS).evaluate(row), null);
  assert.throws(
    () => twice!.compile([arg(DataTypes.array(DataTypes.int), [1])], TEST_INPUTS),
    /twice\(\): the first argument must be int/,
  );
});
