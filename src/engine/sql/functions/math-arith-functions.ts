/**
 * Type-preserving numeric functions: abs, negative, positive, sign, round/bround, floor/ceil,
 * mod/pmod/div, greatest/least, factorial and bit shifts. Integral results wrap like Java
 * (non-ANSI Spark); decimals keep exact bigint arithmetic.
 */
import { type DataType, DataTypes, type DecimalType, isNumeric } from "../../../model/data-type.ts";
import type { SqlArg, SqlEvaluator, SqlFunction, SqlRunInputs, SqlValue } from "../sql-contract.ts";
import { doubleToLong, wrapInt } from "../types/cast-conversions.ts";
import { boundedDecimal, decimalForIntegral } from "../types/common-types.ts";
import { decimalFits, MAX_DECIMAL_PRECISION, pow10 } from "../values/decimal.ts";
import { comparatorFor, isOrderable } from "./comparators-and-set-keys.ts";
import { coerceArg, constantArg, intArg } from "./function-args.ts";
import { argTypeError, sqlError } from "./function-errors.ts";
import { commonArgType, isNullLiteral } from "./implicit-argument-casts.ts";
import { type RoundingMode, rescaleRounded, roundDouble, roundInteger } from "./rounding.ts";
import { type CompiledCall, type CompileFn, functionTable, strict } from "./sql-function.ts";
import { strict1, strict2 } from "./strict-evaluators.ts";
import { D, L } from "./type-shorthands.ts";

interface Typed {
  readonly type: DataType;
  readonly evaluate: SqlEvaluator;
}

/** A numeric argument with its own type (strings become doubles, as in Spark arithmetic). */
function numericArg(fn: string, args: readonly SqlArg[], i: number): Typed {
  const a = args[i]!;
  if (isNullLiteral(a)) return { type: D, evaluate: () => null };
  if (isNumeric(a.type)) return { type: a.type, evaluate: a.evaluate };
  if (a.type.kind === "string") return { type: D, evaluate: coerceArg(fn, args, i, D) };
  throw argTypeError(fn, i, "a number", a.type);
}

const BITS: Readonly<Record<string, 8 | 16 | 32>> = { byte: 8, short: 16, int: 32 };

/** Java's wrap-around for the integral kind `kind` (identity for other kinds). */
function wrapperFor(kind: string): (v: number) => number {
  const bits = BITS[kind];
  return bits === undefined ? (v) => v : (v) => wrapInt(v, bits);
}

function compileNegate(mode: "abs" | "negative" | "positive"): CompileFn {
  return (args, _inputs, fn): Typed => {
    const x = numericArg(fn, args, 0);
    if (mode === "positive") return x;
    const t = x.type;
    if (t.kind === "long" || t.kind === "decimal") {
      const isLong = t.kind === "long";
      return {
        type: t,
        evaluate: strict1<bigint>(x.evaluate, (v) => {
          const r = mode === "abs" && v >= 0n ? v : -v;
          return isLong ? BigInt.asIntN(64, r) : r;
        }),
      };
    }
    const wrap = wrapperFor(t.kind);
    return {
      type: t,
      evaluate: strict1<number>(x.evaluate, (v) => wrap(mode === "abs" ? Math.abs(v) : -v)),
    };
  };
}

/** Spark's result type of round/bround/floor/ceil with a scale on decimal(p, s). */
function roundedDecimalType(t: DecimalType, scale: number): DecimalType {
  const integral = t.precision - t.scale + 1;
  if (scale < 0) return DataTypes.decimal(Math.min(Math.max(integral, -scale + 1), MAX_DECIMAL_PRECISION), 0);
  const s = Math.min(t.scale, scale);
  return DataTypes.decimal(Math.min(integral + s, MAX_DECIMAL_PRECISION), s);
}

function roundDecimal(mode: RoundingMode, from: DecimalType, to: DecimalType, scale: number) {
  return (v: bigint): bigint | null => {
    // Round at `scale` digits, then express with the result type's scale.
    const target = Math.min(scale, from.scale);
    const out = rescaleRounded(v, from.scale, target, mode) * pow10(to.scale - target);
    return decimalFits(out, to.precision) ? out : null;
  };
}

function scaleArg(fn: string, args: readonly SqlArg[]): number {
  if (args.length < 2) return 0;
  const c = constantArg(fn, args, 1, DataTypes.int);
  if (c === undefined || c.value === null)
    throw sqlError(fn, "the scale (second argument) must be an integer literal");
  return c.value as number;
}

function compileRound(mode: RoundingMode): CompileFn {
  return (args, _inputs, fn): Typed => {
    const x = numericArg(fn, args, 0);
    const scale = scaleArg(fn, args);
    const t = x.type;
    switch (t.kind) {
      case "decimal": {
        const to = roundedDecimalType(t, scale);
        return { type: to, evaluate: strict1<bigint>(x.evaluate, roundDecimal(mode, t, to, scale)) };
      }
      case "double":
        return { type: t, evaluate: strict1<number>(x.evaluate, (v) => roundDouble(v, scale, mode)) };
      case "float":
        return {
          type: t,
          evaluate: strict1<number>(x.evaluate, (v) => Math.fround(roundDouble(v, scale, mode))),
        };
      case "long":
        return {
          type: t,
          evaluate: strict1<bigint>(x.evaluate, (v) => BigInt.asIntN(64, roundInteger(v, scale, mode))),
        };
      default: {
        const wrap = wrapperFor(t.kind);
        return {
          type: t,
          evaluate: strict1<number>(x.evaluate, (v) =>
            wrap(Number(BigInt.asIntN(32, roundInteger(BigInt(v), scale, mode)))),
          ),
        };
      }
    }
  };
}

/** floor/ceil: one argument gives a long (or decimal(p-s+1, 0)); with a scale they round like round(). */
function compileFloorCeil(mode: "FLOOR" | "CEILING"): CompileFn {
  return (args, inputs, fn): Typed => {
    if (args.length > 1) return compileRound(mode)(args, inputs, fn);
    const x = numericArg(fn, args, 0);
    const t = x.type;
    if (t.kind === "decimal") {
      if (t.scale === 0) return x;
      const to = DataTypes.decimal(Math.min(t.precision - t.scale + 1, MAX_DECIMAL_PRECISION), 0);
      return { type: to, evaluate: strict1<bigint>(x.evaluate, (v) => rescaleRounded(v, t.scale, 0, mode)) };
    }
    if (t.kind === "double" || t.kind === "float") {
      const f = mode === "FLOOR" ? Math.floor : Math.ceil;
      return { type: L, evaluate: strict1<number>(x.evaluate, (v) => doubleToLong(f(v))) };
    }
    return { type: L, evaluate: coerceArg(fn, args, 0, L) };
  };
}

/** The common numeric type of two arguments (strings count as doubles). */
function numericPair(
  fn: string,
  args: readonly SqlArg[],
): { type: DataType; a: SqlEvaluator; b: SqlEvaluator } {
  const x = numericArg(fn, args, 0);
  const y = numericArg(fn, args, 1);
  const probe: SqlArg[] = [
    { type: x.type, evaluate: x.evaluate },
    { type: y.type, evaluate: y.evaluate },
  ];
  const t = commonArgType(probe) ?? D;
  return { type: t, a: coerceArg(fn, probe, 0, t), b: coerceArg(fn, probe, 1, t) };
}

function compileMod(positive: boolean): CompileFn {
  return (args, _inputs, fn): Typed => {
    const { type: t, a, b } = numericPair(fn, args);
    if (t.kind === "long" || t.kind === "decimal") {
      const isLong = t.kind === "long";
      const evaluate = strict2<bigint, bigint>(a, b, (x, y) => {
        if (y === 0n) return null;
        let r = x % y;
        if (positive && r < 0n) r = (r + y) % y;
        return isLong ? BigInt.asIntN(64, r) : r;
      });
      if (t.kind !== "decimal") return { type: t, evaluate };
      // Spark's remainder type: the narrower integral range at the common scale.
      const xa = numericArg(fn, args, 0).type;
      const ya = numericArg(fn, args, 1).type;
      const common = t;
      const range = (d: DataType): number => {
        const dec = d.kind === "decimal" ? d : decimalForIntegral(d);
        return dec?.kind === "decimal" ? dec.precision - dec.scale : common.precision - common.scale;
      };
      return { type: boundedDecimal(Math.min(range(xa), range(ya)) + common.scale, common.scale), evaluate };
    }
    const wrap = wrapperFor(t.kind);
    const isFloat = t.kind === "double" || t.kind === "float";
    return {
      type: t,
      evaluate: strict2<number, number>(a, b, (x, y) => {
        if (y === 0) return null;
        let r = x % y;
        if (positive && r < 0) r = (r + y) % y;
        return isFloat ? r : wrap(r + 0);
      }),
    };
  };
}

function compileDiv(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): Typed {
  const { type: t, a, b } = numericPair(fn, args);
  if (t.kind === "decimal") {
    return {
      type: L,
      evaluate: strict2<bigint, bigint>(a, b, (x, y) => (y === 0n ? null : BigInt.asIntN(64, x / y))),
    };
  }
  return {
    type: L,
    evaluate: strict2<bigint, bigint>(coerceArg(fn, args, 0, L), coerceArg(fn, args, 1, L), (x, y) =>
      y === 0n ? null : BigInt.asIntN(64, x / y),
    ),
  };
}

function compileExtreme(sign: 1 | -1): CompileFn {
  return (args, _inputs, fn): Typed => {
    const t = commonArgType(args);
    if (t === undefined) throw sqlError(fn, "the arguments have no common type; cast them to one type");
    if (!isOrderable(t)) throw sqlError(fn, `values of type ${t.kind} cannot be compared`);
    const cmp = comparatorFor(t, fn);
    const evals = args.map((_, i) => coerceArg(fn, args, i, t));
    return {
      type: t,
      evaluate: (ctx) => {
        let best: SqlValue = null;
        for (const e of evals) {
          const v = e(ctx);
          if (v !== null && (best === null || sign * cmp(v, best) > 0)) best = v;
        }
        return best;
      },
    };
  };
}

function compileShift(kind: "left" | "right" | "unsigned"): CompileFn {
  return (args, _inputs, fn): Typed => {
    const a = args[0]!;
    const n = intArg(fn, args, 1);
    if (
      a.type.kind === "long" ||
      a.type.kind === "decimal" ||
      a.type.kind === "double" ||
      a.type.kind === "float"
    ) {
      return {
        type: L,
        evaluate: strict2<bigint, number>(coerceArg(fn, args, 0, L), n, (v, s) => {
          const k = BigInt(s & 63);
          if (kind === "left") return BigInt.asIntN(64, v << k);
          if (kind === "right") return v >> k;
          return BigInt.asIntN(64, BigInt.asUintN(64, v) >> k);
        }),
      };
    }
    return {
      type: DataTypes.int,
      evaluate: strict2<number, number>(intArg(fn, args, 0), n, (v, s) =>
        kind === "left" ? v << s : kind === "right" ? v >> s : (v >>> s) | 0,
      ),
    };
  };
}

const FACTORIALS: readonly bigint[] = Array.from({ length: 21 }, (_, n) => {
  let f = 1n;
  for (let i = 2n; i <= BigInt(n); i++) f *= i;
  return f;
});

function sign(v: SqlValue): number {
  if (typeof v === "bigint") return v > 0n ? 1 : v < 0n ? -1 : 0;
  return Math.sign(v as number);
}

function compileSign(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const x = numericArg(fn, args, 0);
  return { type: D, evaluate: strict1<SqlValue>(x.evaluate, sign) };
}

export const MATH_ARITH_FUNCTIONS: readonly SqlFunction[] = functionTable([
  [
    "abs(x)",
    "fixed",
    "absolute value, keeping the type (int minimum wraps, as in Spark)",
    compileNegate("abs"),
  ],
  ["negative(x)", "fixed", "-x, keeping the type", compileNegate("negative")],
  ["positive(x)", "fixed", "x unchanged", compileNegate("positive")],
  ["sign|signum(x)", "fixed", "-1.0, 0.0 or 1.0 by the sign of x", compileSign],
  [
    "round(x[, d])",
    "fixed",
    ": rounds HALF_UP to d decimal places (negative d: tens, hundreds)",
    compileRound("HALF_UP"),
  ],
  [
    "bround(x[, d])",
    "fixed",
    ": rounds HALF_EVEN (banker's rounding) to d decimal places",
    compileRound("HALF_EVEN"),
  ],
  [
    "floor(x[, d])",
    "fixed",
    "largest integer not above x (a long; decimals stay decimal); floor(x, d) rounds down at d places",
    compileFloorCeil("FLOOR"),
  ],
  [
    "ceil|ceiling(x[, d])",
    "fixed",
    "smallest integer not below x (a long; decimals stay decimal); ceil(x, d) rounds up at d places",
    compileFloorCeil("CEILING"),
  ],
  ["mod(a, b)", "fixed", "remainder of a / b with the sign of a; NULL when b is 0", compileMod(false)],
  ["pmod(a, b)", "fixed", "positive remainder of a / b; NULL when b is 0", compileMod(true)],
  ["div(a, b)", "fixed", "integral division a div b as a long, truncated; NULL when b is 0", compileDiv],
  ["greatest(a, b, more...)", "input", "the largest argument, skipping NULLs", compileExtreme(1)],
  ["least(a, b, more...)", "input", "the smallest argument, skipping NULLs", compileExtreme(-1)],
  [
    "factorial(n: int): long",
    "fixed",
    "n! for n in 0..20, else NULL",
    strict((n: number) => (n < 0 || n > 20 ? null : FACTORIALS[n]!)),
  ],
  ["shiftleft(x, n)", "fixed", "bitwise left shift of an int or long", compileShift("left")],
  ["shiftright(x, n)", "fixed", "bitwise signed right shift of an int or long", compileShift("right")],
  [
    "shiftrightunsigned(x, n)",
    "fixed",
    "bitwise unsigned right shift of an int or long",
    compileShift("unsigned"),
  ],
]);
