/** Floating-point math: powers, roots, logarithms, trigonometry, constants and random numbers. */
import { DataTypes } from "../../../model/data-type.ts";
import type { SqlArg, SqlFunction, SqlRowContext } from "../sql-contract.ts";
import { coerceArg, defineFunction, strict1, strict2 } from "./function-helpers.ts";
import { sqlFunction } from "./sql-function.ts";

const D = DataTypes.double;

const dbl = (fn: string, args: readonly SqlArg[], i: number) => coerceArg(fn, args, i, D);

/** A double → double function; `f` may return null (Spark's logarithms of non-positive numbers). */
const unary = (names: string | readonly string[], doc: string, f: (x: number) => number | null) =>
  defineFunction(names, "fixed", 1, 1, doc, (args, _i, fn) => ({
    type: D,
    evaluate: strict1<number>(dbl(fn, args, 0), f),
  }));

const binary = (names: string | readonly string[], doc: string, f: (x: number, y: number) => number | null) =>
  defineFunction(names, "fixed", 2, 2, doc, (args, _i, fn) => ({
    type: D,
    evaluate: strict2<number, number>(dbl(fn, args, 0), dbl(fn, args, 1), f),
  }));

const positiveOnly =
  (f: (x: number) => number) =>
  (x: number): number | null =>
    x <= 0 ? null : f(x);

/** rand()/randn() take an optional seed for compatibility; the row's draws already make them deterministic. */
const randomFunction = (names: readonly string[], doc: string, draw: (ctx: SqlRowContext) => number) =>
  defineFunction(names, "fixed", 0, 1, doc, (args, _i, fn) => {
    if (args.length > 0) coerceArg(fn, args, 0, DataTypes.long);
    return { type: D, evaluate: draw };
  });

export const MATH_FUNCTIONS: readonly SqlFunction[] = [
  ...binary(["pow", "power"], "x raised to the power y", (x, y) => x ** y),
  ...unary("sqrt", "square root (NaN for negative numbers)", Math.sqrt),
  ...unary("cbrt", "cube root", Math.cbrt),
  ...unary("exp", "e raised to x", Math.exp),
  ...unary("expm1", "exp(x) - 1", Math.expm1),
  ...unary("ln", "natural logarithm (NULL for x <= 0)", positiveOnly(Math.log)),
  ...sqlFunction(
    "log(x[, y])",
    "fixed",
    "log(x) natural logarithm, log(base, x) logarithm in a base; NULL for non-positive inputs",
    (args, _i, fn) => {
      if (args.length === 1)
        return { type: D, evaluate: strict1<number>(dbl(fn, args, 0), positiveOnly(Math.log)) };
      return {
        type: D,
        evaluate: strict2<number, number>(dbl(fn, args, 0), dbl(fn, args, 1), (base, x) =>
          base <= 0 || x <= 0 ? null : Math.log(x) / Math.log(base),
        ),
      };
    },
  ),
  ...unary("log10", "base-10 logarithm (NULL for x <= 0)", positiveOnly(Math.log10)),
  ...unary(
    "log2",
    "base-2 logarithm (NULL for x <= 0)",
    positiveOnly((x) => Math.log(x) / Math.LN2),
  ),
  ...unary("log1p", "ln(1 + x) (NULL for x <= -1)", (x) => (x <= -1 ? null : Math.log1p(x))),
  ...unary("sin", "sine", Math.sin),
  ...unary("cos", "cosine", Math.cos),
  ...unary("tan", "tangent", Math.tan),
  ...unary("cot", "cotangent", (x) => 1 / Math.tan(x)),
  ...unary("sec", "secant", (x) => 1 / Math.cos(x)),
  ...unary("csc", "cosecant", (x) => 1 / Math.sin(x)),
  ...unary("asin", "arc sine", Math.asin),
  ...unary("acos", "arc cosine", Math.acos),
  ...unary("atan", "arc tangent", Math.atan),
  ...binary("atan2", "atan2(y, x): angle of the point (x, y)", Math.atan2),
  ...unary("sinh", "hyperbolic sine", Math.sinh),
  ...unary("cosh", "hyperbolic cosine", Math.cosh),
  ...unary("tanh", "hyperbolic tangent", Math.tanh),
  ...unary("asinh", "inverse hyperbolic sine", Math.asinh),
  ...unary("acosh", "inverse hyperbolic cosine", Math.acosh),
  ...unary("atanh", "inverse hyperbolic tangent", Math.atanh),
  ...unary("degrees", "radians to degrees", (x) => (x * 180) / Math.PI),
  ...unary("radians", "degrees to radians", (x) => (x / 180) * Math.PI),
  ...binary("hypot", "sqrt(x² + y²) without overflow", Math.hypot),
  ...unary("rint", "the closest integer value, ties to even", (x) => {
    if (!Number.isFinite(x)) return x;
    const r = Math.round(x);
    return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
  }),
  ...sqlFunction("e()", "fixed", "Euler's number", () => ({ type: D, evaluate: () => Math.E })),
  ...sqlFunction("pi()", "fixed", "π", () => ({ type: D, evaluate: () => Math.PI })),
  ...randomFunction(
    ["rand", "random"],
    "uniform double in [0, 1) from the row's random draws (an optional seed is accepted and ignored: values are already reproducible)",
    (ctx) => ctx.rnd.float(),
  ),
  ...randomFunction(
    ["randn"],
    "standard normal double from the row's random draws (the optional seed is ignored)",
    (ctx) => ctx.rnd.normal(),
  ),
];
