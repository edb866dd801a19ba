/** Floating-point math: powers, roots, logarithms, trigonometry, constants and random numbers. */
import { DataTypes } from "../../../model/data-type.ts";
import type { SqlArg, SqlFunction, SqlRowContext } from "../sql-contract.ts";
import { coerceArg } from "./function-args.ts";
import { defineFunction, sqlFunction, strictFunction } from "./sql-function.ts";
import { strict1, strict2 } from "./strict-evaluators.ts";

const D = DataTypes.double;

const dbl = (fn: string, args: readonly SqlArg[], i: number) => coerceArg(fn, args, i, D);

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
  ...strictFunction(
    "pow|power(x: double, y: double): double",
    "fixed",
    "x raised to the power y",
    (x: number, y: number) => x ** y,
  ),
  ...strictFunction("sqrt(x: double): double", "fixed", "square root (NaN for negative numbers)", Math.sqrt),
  ...strictFunction("cbrt(x: double): double", "fixed", "cube root", Math.cbrt),
  ...strictFunction("exp(x: double): double", "fixed", "e raised to x", Math.exp),
  ...strictFunction("expm1(x: double): double", "fixed", "exp(x) - 1", Math.expm1),
  ...strictFunction(
    "ln(x: double): double",
    "fixed",
    "natural logarithm (NULL for x <= 0)",
    positiveOnly(Math.log),
  ),
  ...sqlFunction(
    "log(baseOrX[, x])",
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
  ...strictFunction(
    "log10(x: double): double",
    "fixed",
    "base-10 logarithm (NULL for x <= 0)",
    positiveOnly(Math.log10),
  ),
  ...strictFunction(
    "log2(x: double): double",
    "fixed",
    "base-2 logarithm (NULL for x <= 0)",
    positiveOnly((x: number) => Math.log(x) / Math.LN2),
  ),
  ...strictFunction("log1p(x: double): double", "fixed", "ln(1 + x) (NULL for x <= -1)", (x: number) =>
    x <= -1 ? null : Math.log1p(x),
  ),
  ...strictFunction("sin(x: double): double", "fixed", "sine", Math.sin),
  ...strictFunction("cos(x: double): double", "fixed", "cosine", Math.cos),
  ...strictFunction("tan(x: double): double", "fixed", "tangent", Math.tan),
  ...strictFunction("cot(x: double): double", "fixed", "cotangent", (x: number) => 1 / Math.tan(x)),
  ...strictFunction("sec(x: double): double", "fixed", "secant", (x: number) => 1 / Math.cos(x)),
  ...strictFunction("csc(x: double): double", "fixed", "cosecant", (x: number) => 1 / Math.sin(x)),
  ...strictFunction("asin(x: double): double", "fixed", "arc sine", Math.asin),
  ...strictFunction("acos(x: double): double", "fixed", "arc cosine", Math.acos),
  ...strictFunction("atan(x: double): double", "fixed", "arc tangent", Math.atan),
  ...strictFunction(
    "atan2(y: double, x: double): double",
    "fixed",
    ": angle of the point (x, y)",
    Math.atan2,
  ),
  ...strictFunction("sinh(x: double): double", "fixed", "hyperbolic sine", Math.sinh),
  ...strictFunction("cosh(x: double): double", "fixed", "hyperbolic cosine", Math.cosh),
  ...strictFunction("tanh(x: double): double", "fixed", "hyperbolic tangent", Math.tanh),
  ...strictFunction("asinh(x: double): double", "fixed", "inverse hyperbolic sine", Math.asinh),
  ...strictFunction("acosh(x: double): double", "fixed", "inverse hyperbolic cosine", Math.acosh),
  ...strictFunction("atanh(x: double): double", "fixed", "inverse hyperbolic tangent", Math.atanh),
  ...strictFunction(
    "degrees(x: double): double",
    "fixed",
    "radians to degrees",
    (x: number) => (x * 180) / Math.PI,
  ),
  ...strictFunction(
    "radians(x: double): double",
    "fixed",
    "degrees to radians",
    (x: number) => (x / 180) * Math.PI,
  ),
  ...strictFunction(
    "hypot(x: double, y: double): double",
    "fixed",
    "sqrt(x² + y²) without overflow",
    Math.hypot,
  ),
  ...strictFunction(
    "rint(x: double): double",
    "fixed",
    "the closest integer value, ties to even",
    (x: number) => {
      if (!Number.isFinite(x)) return x;
      const r = Math.round(x);
      return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
    },
  ),
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
