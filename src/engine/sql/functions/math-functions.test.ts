import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  col,
  ctxAt,
  lit,
  NULL,
  run,
  runBoth,
  T,
  typeOf,
} from "../../../../test/support/sql/sql-function-kit.ts";

const dec = (unscaled: bigint, p: number, s: number) => lit(unscaled, T.decimal(p, s));

describe("abs / negative / positive / sign", () => {
  it("keeps the type and wraps like Spark", () => {
    assert.equal(runBoth("abs", [-1]), 1);
    assert.equal(runBoth("abs", [-2147483648]), -2147483648);
    assert.equal(runBoth("abs", [-5n]), 5n);
    assert.equal(runBoth("abs", [-1.5]), 1.5);
    assert.equal(run("abs", [dec(-150n, 5, 2)]), 150n);
    assert.deepEqual(typeOf("abs", [dec(-150n, 5, 2)]), T.decimal(5, 2));
    assert.equal(run("abs", [lit(-128, T.byte)]), -128);
    assert.equal(runBoth("negative", [1]), -1);
    assert.equal(runBoth("negative", [-2147483648]), -2147483648);
    assert.equal(runBoth("positive", [1]), 1);
    assert.equal(runBoth("sign", [40]), 1);
    assert.equal(runBoth("signum", [-0.5]), -1);
    assert.equal(run("sign", [dec(0n, 3, 1)]), 0);
    assert.equal(run("abs", [NULL]), null);
    assert.equal(runBoth("abs", ["-2.5"]), 2.5);
    assert.throws(() => run("abs", [lit(true)]), /must be a number/);
  });
});

describe("round / bround", () => {
  it("follows the documented examples", () => {
    assert.equal(run("round", [dec(25n, 2, 1), lit(0)]), 3n);
    assert.deepEqual(typeOf("round", [dec(25n, 2, 1), lit(0)]), T.decimal(2, 0));
    assert.equal(run("round", [lit(25), lit(-1)]), 30);
    assert.equal(run("bround", [dec(25n, 2, 1), lit(0)]), 2n);
    assert.equal(run("bround", [lit(25), lit(-1)]), 20);
    assert.equal(run("round", [dec(-25n, 2, 1)]), -3n);
    assert.equal(run("bround", [dec(-25n, 2, 1)]), -2n);
  });
  it("rounds doubles from their shortest text, as Spark does", () => {
    assert.equal(run("round", [lit(2.5)]), 3);
    assert.equal(run("bround", [lit(2.5)]), 2);
    assert.equal(run("round", [lit(1.005), lit(2)]), 1.01);
    assert.equal(run("round", [lit(0.125), lit(2)]), 0.13);
    assert.equal(run("bround", [lit(0.125), lit(2)]), 0.12);
    assert.equal(run("round", [lit(1234.5678), lit(-2)]), 1200);
    assert.equal(run("round", [lit(-0.4)]), -0);
    assert.ok(Number.isNaN(run("round", [lit(Number.NaN)]) as number));
    assert.equal(run("round", [lit(123456789n), lit(-3)]), 123457000n);
    assert.equal(run("round", [dec(12345n, 5, 3), lit(1)]), 123n);
    assert.deepEqual(typeOf("round", [dec(12345n, 5, 3), lit(1)]), T.decimal(4, 1));
    assert.equal(run("round", [dec(12345n, 5, 3), lit(-1)]), 10n);
    assert.deepEqual(typeOf("round", [dec(12345n, 5, 3), lit(-1)]), T.decimal(3, 0));
    assert.equal(run("round", [lit(2147483647), lit(-1)]), -2147483646);
  });
  it("requires a literal scale", () => {
    assert.throws(() => run("round", [lit(1.5), col(1)]), /integer literal/);
  });
});

describe("floor / ceil", () => {
  it("follows the documented examples", () => {
    assert.equal(run("floor", [dec(-1n, 1, 1)]), -1n);
    assert.deepEqual(typeOf("floor", [dec(-1n, 1, 1)]), T.decimal(1, 0));
    assert.equal(runBoth("floor", [5]), 5n);
    assert.equal(run("floor", [dec(31411n, 5, 4), lit(3)]), 3141n);
    assert.equal(run("floor", [dec(31411n, 5, 4), lit(-3)]), 0n);
    assert.equal(run("ceil", [dec(-1n, 1, 1)]), 0n);
    assert.equal(runBoth("ceil", [5]), 5n);
    assert.equal(run("ceil", [dec(31411n, 5, 4), lit(3)]), 3142n);
    assert.equal(run("ceil", [dec(31411n, 5, 4), lit(-3)]), 1000n);
    assert.equal(run("ceiling", [dec(31411n, 5, 4), lit(-3)]), 1000n);
  });
  it("turns doubles into longs", () => {
    assert.equal(runBoth("floor", [-0.1]), -1n);
    assert.equal(runBoth("ceil", [-0.1]), 0n);
    assert.equal(runBoth("ceil", [1e300], [T.double]), 9223372036854775807n);
    assert.deepEqual(typeOf("ceil", [lit(1.5)]), T.long);
    assert.equal(run("floor", [lit(2.567), lit(2)]), 2.56);
  });
});

describe("powers, roots, logarithms, trigonometry", () => {
  it("follows the documented examples", () => {
    assert.equal(runBoth("pow", [2, 3]), 8);
    assert.equal(runBoth("power", [2, 3]), 8);
    assert.equal(runBoth("sqrt", [4]), 2);
    assert.equal(runBoth("cbrt", [27]), 3);
    assert.equal(runBoth("exp", [0]), 1);
    assert.equal(runBoth("expm1", [0]), 0);
    assert.equal(runBoth("ln", [1]), 0);
    assert.equal(runBoth("log", [10, 100]), 2);
    assert.equal(runBoth("log10", [10]), 1);
    assert.equal(runBoth("log2", [2]), 1);
    assert.equal(runBoth("log1p", [0]), 0);
    assert.equal(runBoth("degrees", [Math.PI]), 180);
    assert.equal(runBoth("radians", [180]), Math.PI);
    assert.equal(runBoth("hypot", [3, 4]), 5);
    assert.equal(runBoth("atan2", [0, 0]), 0);
    assert.equal(runBoth("cos", [0]), 1);
    assert.equal(runBoth("sin", [0]), 0);
    assert.equal(runBoth("tan", [0]), 0);
    assert.equal(runBoth("acos", [1]), 0);
    assert.ok(Number.isNaN(runBoth("acos", [2]) as number));
    assert.equal(runBoth("asin", [0]), 0);
    assert.equal(runBoth("atan", [0]), 0);
    assert.equal(runBoth("cosh", [0]), 1);
    assert.equal(runBoth("sinh", [0]), 0);
    assert.equal(runBoth("tanh", [0]), 0);
    assert.equal(runBoth("asinh", [0]), 0);
    assert.equal(runBoth("acosh", [1]), 0);
    assert.equal(runBoth("atanh", [0]), 0);
    assert.equal(runBoth("cot", [1]), 1 / Math.tan(1));
    assert.equal(runBoth("sec", [0]), 1);
    assert.equal(runBoth("csc", [Math.PI / 2]), 1);
    assert.equal(runBoth("rint", [12.3456]), 12);
    assert.equal(runBoth("rint", [2.5]), 2);
    assert.equal(runBoth("rint", [-3.5]), -4);
    assert.equal(runBoth("e", []), Math.E);
    assert.equal(runBoth("pi", []), Math.PI);
  });
  it("gives NULL for logarithms of non-positive numbers", () => {
    assert.equal(runBoth("ln", [0]), null);
    assert.equal(runBoth("log", [-1]), null);
    assert.equal(runBoth("log", [0, 5]), null);
    assert.equal(runBoth("log10", [-5]), null);
    assert.equal(runBoth("log2", [0]), null);
    assert.equal(runBoth("log1p", [-1]), null);
    assert.ok(Number.isNaN(runBoth("sqrt", [-1]) as number));
    assert.equal(run("sqrt", [NULL]), null);
    assert.equal(runBoth("sqrt", ["16"]), 4);
  });
});

describe("mod / pmod / div / greatest / least", () => {
  it("follows the documented examples", () => {
    assert.equal(run("mod", [lit(2), dec(18n, 2, 1)]), 2n);
    assert.deepEqual(typeOf("mod", [lit(2), dec(18n, 2, 1)]), T.decimal(2, 1));
    assert.equal(runBoth("pmod", [10, 3]), 1);
    assert.equal(runBoth("pmod", [-10, 3]), 2);
    assert.equal(runBoth("mod", [-10, 3]), -1);
    assert.equal(runBoth("mod", [10, 0]), null);
    assert.equal(runBoth("pmod", [-7n, 3n]), 2n);
    assert.equal(runBoth("mod", [7.5, 2]), 1.5);
    assert.equal(runBoth("mod", [-2147483648, -1]), 0);
    assert.equal(runBoth("div", [3, 2]), 1n);
    assert.equal(runBoth("div", [-7, 2]), -3n);
    assert.equal(runBoth("div", [1, 0]), null);
    assert.equal(runBoth("greatest", [10, 9, 2, 4, 3]), 10);
    assert.equal(runBoth("least", [10, 9, 2, 4, 3]), 2);
  });
  it("skips NULLs and widens types", () => {
    assert.equal(run("greatest", [NULL, lit(1), NULL]), 1);
    assert.equal(run("greatest", [NULL, NULL]), null);
    assert.equal(run("greatest", [lit(1), lit(2n)]), 2n);
    assert.deepEqual(typeOf("greatest", [lit(1), lit(2.5)]), T.double);
    assert.ok(Number.isNaN(run("greatest", [lit(1.0), lit(Number.NaN)]) as number));
    assert.equal(run("least", [lit("b"), lit("a")]), "a");
    assert.equal(run("least", [lit(5, T.date), lit(3, T.date)]), 3);
  });
});

describe("factorial, shifts, random", () => {
  it("computes integers", () => {
    assert.equal(runBoth("factorial", [5]), 120n);
    assert.equal(runBoth("factorial", [21]), null);
    assert.equal(runBoth("factorial", [0]), 1n);
    assert.equal(runBoth("shiftleft", [2, 1]), 4);
    assert.equal(runBoth("shiftright", [4, 1]), 2);
    assert.equal(runBoth("shiftrightunsigned", [4, 1]), 2);
    assert.equal(runBoth("shiftrightunsigned", [-1, 28]), 15);
    assert.equal(runBoth("shiftleft", [1n, 63]), -9223372036854775808n);
    assert.equal(runBoth("shiftrightunsigned", [-1n, 60]), 15n);
  });
  it("draws rand()/randn() from the row's random cursor", () => {
    const a = run("rand", [], ctxAt(3));
    const b = run("rand", [lit(42)], ctxAt(3));
    const c = run("random", [], ctxAt(4));
    assert.equal(a, b);
    assert.notEqual(a, c);
    assert.ok((a as number) >= 0 && (a as number) < 1);
    assert.equal(run("randn", [], ctxAt(5)), run("randn", [], ctxAt(5)));
    assert.equal(typeof run("randn", []), "number");
  });
});
