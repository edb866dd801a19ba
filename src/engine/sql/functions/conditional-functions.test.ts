import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { col, lit, NULL, run, runBoth, T, typeOf } from "../../../../test/support/sql/sql-function-kit.ts";

describe("conditional functions", () => {
  it("follows the documented examples", () => {
    assert.equal(runBoth("if", [true, 1, 2]), 1);
    assert.equal(run("if", [NULL, lit(1), lit(2)]), 2);
    assert.equal(run("coalesce", [NULL, lit(1), NULL]), 1);
    assert.equal(run("nvl", [NULL, lit("x")]), "x");
    assert.equal(run("ifnull", [NULL, lit("x")]), "x");
    assert.equal(run("nvl2", [NULL, lit(2), lit(1)]), 1);
    assert.equal(run("nvl2", [lit(0), lit(2), lit(1)]), 2);
    assert.equal(runBoth("nullif", [2, 2]), null);
    assert.equal(runBoth("nullif", [2, 3]), 2);
    assert.equal(runBoth("isnull", [1]), false);
    assert.equal(run("isnull", [NULL]), true);
    assert.equal(runBoth("isnotnull", [1]), true);
    assert.equal(run("isnan", [lit(Number.NaN)]), true);
    assert.equal(run("isnan", [NULL]), false);
    assert.equal(run("nanvl", [lit(Number.NaN), lit(123.0)]), 123);
    assert.equal(run("nanvl", [lit(1.5), lit(123.0)]), 1.5);
    assert.equal(run("equal_null", [NULL, NULL]), true);
    assert.equal(run("equal_null", [lit(3), NULL]), false);
    assert.equal(runBoth("equal_null", [3, 3]), true);
    assert.equal(run("zeroifnull", [col(null, T.int)]), 0);
    assert.equal(runBoth("nullifzero", [0]), null);
    assert.equal(runBoth("nullifzero", [2]), 2);
  });
  it("finds common types and evaluates lazily", () => {
    assert.deepEqual(typeOf("coalesce", [lit(1), lit(2n)]), T.long);
    assert.deepEqual(typeOf("coalesce", [lit(1), lit("a")]), T.string);
    assert.equal(run("coalesce", [NULL, lit(1)]), 1);
    assert.equal(run("coalesce", [col(null, T.int), lit(2n)]), 2n);
    assert.deepEqual(typeOf("if", [lit(true), lit(1), lit(2.5)]), T.double);
    assert.equal(run("if", [lit(true), lit(1), lit(2.5)]), 1);
    let touched = false;
    const spy = {
      type: T.int,
      evaluate: () => {
        touched = true;
        return 1;
      },
    };
    run("coalesce", [lit(5), spy]);
    run("if", [lit(true), lit(1), spy]);
    assert.equal(touched, false);
    assert.throws(() => run("coalesce", [lit(1), lit([1], T.array(T.int))]), /common type/);
    assert.throws(() => run("if", [lit("yes"), lit(1), lit(2)]), /boolean/);
  });
});
