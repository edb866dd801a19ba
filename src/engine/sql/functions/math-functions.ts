/** Floating-point math: powers, roots, logarithms, trigonometry, constants and random numbers. */
import { DataTypes } from "../../../model/data-type.ts";
import type { SqlArg, SqlFunction, SqlRowContext, SqlRunInputs } from "../sql-contract.ts";
import { coerceArg } from "./function-args.ts";
import { type CompiledCall, type CompileFn, defineFunction, functionTable, strict } from "./sql-function.ts";
import { strict1, strict2 } from "./strict-evaluators.ts";
import { D } from "./type-shorthands.ts";

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

function compileLog(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  if (args.length === 1)
    return { type: D, evaluate: strict1<number>(dbl(fn, args, 0), positiveOnly(Math.log)) };
  return {
    type: D,
    evaluate: strict2<number, number>(dbl(fn, args, 0), dbl(fn, args, 1), (base, x) =>
      base <= 0 || x <= 0 ? null : Math.log(x) / Math.log(base),
    ),
  };
}

/** A constant double (e(), pi()). */
const compileConstant =
  (value: number): CompileFn =>
  () => ({ type: D, evaluate: () => value });

export const MATH_FUNCTIONS: readonly SqlFunction[] = functionTable([
  [
    "pow|power(x: double, y: double): double",
    "fixed",
    "x raised to the power y",
    strict((x: number, y: number) => x ** y),
  ],
  ["sqrt(x: double): double", "fixed", "square root (NaN for negative numbers)", strict(Math.sqrt)],
  ["cbrt(x: double): double", "fixed", "cube root", strict(Math.cbrt)],
  ["exp(x: double): double", "fixed", "e raised to x", strict(Math.exp)],
  ["expm1(x: double): double", "fixed", "exp(x) - 1", strict(Math.expm1)],
  ["ln(x: double): double", "fixed", "natural logarithm (NULL for x <= 0)", strict(positiveOnly(Math.log))],
  [
    "log(baseOrX[, x])",
    "fixed",
    "log(x) natural logarithm, log(base, x) logarithm in a base; NULL for non-positive inputs",
    compileLog,
  ],
  [
    "log10(x: double): double",
    "fixed",
    "base-10 logarithm (NULL for x <= 0)",
    strict(positiveOnly(Math.log10)),
  ],
  [
    "log2(x: double): double",
    "fixed",
    "base-2 logarithm (NULL for x <= 0)",
    strict(positiveOnly((x: number) => Math.log(x) / Math.LN2)),
  ],
  [
    "log1p(x: double): double",
    "fixed",
    "ln(1 + x) (NULL for x <= -1)",
    strict((x: number) => (x <= -1 ? null : Math.log1p(x))),
  ],
  ["sin(x: double): double", "fixed", "sine", strict(Math.sin)],
  ["cos(x: double): double", "fixed", "cosine", strict(Math.cos)],
  ["tan(x: double): double", "fixed", "tangent", strict(Math.tan)],
  ["cot(x: double): double", "fixed", "cotangent", strict((x: number) => 1 / Math.tan(x))],
  ["sec(x: double): double", "fixed", "secant", strict((x: number) => 1 / Math.cos(x))],
  ["csc(x: double): double", "fixed", "cosecant", strict((x: number) => 1 / Math.sin(x))],
  ["asin(x: double): double", "fixed", "arc sine", strict(Math.asin)],
  ["acos(x: double): double", "fixed", "arc cosine", strict(Math.acos)],
  ["atan(x: double): double", "fixed", "arc tangent", strict(Math.atan)],
  ["atan2(y: double, x: double): double", "fixed", ": angle of the point (x, y)", strict(Math.atan2)],
  ["sinh(x: double): double", "fixed", "hyperbolic sine", strict(Math.sinh)],
  ["cosh(x: double): double", "fixed", "hyperbolic cosine", strict(Math.cosh)],
  ["tanh(x: double): double", "fixed", "hyperbolic tangent", strict(Math.tanh)],
  ["asinh(x: double): double", "fixed", "inverse hyperbolic sine", strict(Math.asinh)],
  ["acosh(x: double): double", "fixed", "inverse hyperbolic cosine", strict(Math.acosh)],
  ["atanh(x: double): double", "fixed", "inverse hyperbolic tangent", strict(Math.atanh)],
  ["degrees(x: double): double", "fixed", "radians to degrees", strict((x: number) => (x * 180) / Math.PI)],
  ["radians(x: double): double", "fixed", "degrees to radians", strict((x: number) => (x / 180) * Math.PI)],
  ["hypot(x: double, y: double): double", "fixed", "sqrt(x² + y²) without overflow", strict(Math.hypot)],
  [
    "rint(x: double): double",
    "fixed",
    "the closest integer value, ties to even",
    strict((x: number) => {
      if (!Number.isFinite(x)) return x;
      const r = Math.round(x);
      return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
    }),
  ],
  ["e()", "fixed", "Euler's number", compileConstant(Math.E)],
  ["pi()", "fixed", "π", compileConstant(Math.PI)],
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
]);
