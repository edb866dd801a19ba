/** printf-style and number formatting: format_string/printf, format_number. */
import { DataTypes } from "../../../model/data-type.ts";
import type { SqlArg, SqlEvaluator, SqlFunction, SqlValue } from "../sql-contract.ts";
import {
  type DecimalPattern,
  exactBinaryDecimal,
  fixedDecimalsPattern,
  formatDecimal,
  parseDecimalPattern,
} from "./decimal-format.ts";
import {
  constantArg,
  defineFunction,
  intArg,
  lastValueCache,
  rejectLambdas,
  runtimeError,
  sqlError,
  stringArg,
} from "./function-helpers.ts";
import { isNullLiteral } from "./implicit-argument-casts.ts";
import {
  applyJavaFormat,
  type FormatArg,
  type FormatPart,
  formatArgOf,
  parseJavaFormat,
} from "./java-format.ts";
import type { ExactDecimal } from "./rounding.ts";

const S = DataTypes.string;

function compileFormatString(args: readonly SqlArg[], fn: string) {
  rejectLambdas(fn, args);
  const fmt = stringArg(fn, args, 0);
  const fmtConst = constantArg(fn, args, 0, S);
  const parse = (f: string): FormatPart[] => {
    try {
      return parseJavaFormat(f);
    } catch (e) {
      throw runtimeError(fn, (e as Error).message);
    }
  };
  const fixed =
    fmtConst !== undefined && fmtConst.value !== null ? parse(fmtConst.value as string) : undefined;
  const cached = lastValueCache(parse);
  const rest = args.slice(1);
  const formats: FormatArg[] = rest.map((a) => formatArgOf(isNullLiteral(a) ? S : a.type));
  const evals = rest.map((a) => a.evaluate);
  return {
    type: S,
    evaluate: ((ctx) => {
      const f = fmt(ctx);
      if (f === null) return null;
      const parts = fixed ?? cached(f as string);
      const values: SqlValue[] = evals.map((e) => e(ctx));
      try {
        return applyJavaFormat(parts, formats, values);
      } catch (e) {
        throw runtimeError(fn, (e as Error).message);
      }
    }) satisfies SqlEvaluator,
  };
}

function exactOf(v: SqlValue, kind: string, scale: number): ExactDecimal | null {
  if (typeof v === "bigint") return { unscaled: v, scale: kind === "decimal" ? scale : 0 };
  if (typeof v !== "number") return null;
  if (!Number.isFinite(v)) return null;
  return Number.isInteger(v) && Math.abs(v) < 2 ** 53
    ? { unscaled: BigInt(v), scale: 0 }
    : exactBinaryDecimal(v);
}

function compileFormatNumber(args: readonly SqlArg[], fn: string) {
  const x = args[0]!;
  if (
    !["int", "long", "short", "byte", "double", "float", "decimal"].includes(x.type.kind) &&
    !isNullLiteral(x)
  ) {
    throw sqlError(fn, `the first argument must be a number, but it is ${x.type.kind}`);
  }
  const kind = x.type.kind;
  const scale = x.type.kind === "decimal" ? x.type.scale : 0;
  const spec = args[1]!;
  const textual = spec.type.kind === "string";
  const pe = textual ? stringArg(fn, args, 1) : intArg(fn, args, 1);
  const parsePattern = (p: string): DecimalPattern => {
    try {
      return p === "" ? fixedDecimalsPattern(0) : parseDecimalPattern(p);
    } catch (e) {
      throw runtimeError(fn, (e as Error).message);
    }
  };
  const patternOf = lastValueCache((p: SqlValue): DecimalPattern | null =>
    textual ? parsePattern(p as string) : (p as number) < 0 ? null : fixedDecimalsPattern(p as number),
  );
  const c = constantArg(fn, args, 1, textual ? S : DataTypes.int);
  if (c !== undefined && c.value !== null) patternOf(c.value);
  return {
    type: S,
    evaluate: ((ctx) => {
      const v = x.evaluate(ctx);
      const p = pe(ctx);
      if (v === null || p === null) return null;
      const pattern = patternOf(p);
      if (pattern === null) return null;
      if (typeof v === "number" && !Number.isFinite(v)) return Number.isNaN(v) ? "NaN" : v > 0 ? "∞" : "-∞";
      const d = exactOf(v, kind, scale);
      return d === null ? null : formatDecimal(d, pattern);
    }) satisfies SqlEvaluator,
  };
}

export const FORMAT_FUNCTIONS: readonly SqlFunction[] = [
  ...defineFunction(
    ["format_string", "printf"],
    1,
    Infinity,
    "format_string(fmt, args...): Java printf-style formatting (%s %d %05d %.2f %x %e %%)",
    (a, _i, fn) => compileFormatString(a, fn),
  ),
  ...defineFunction(
    "format_number",
    2,
    2,
    "format_number(x, d | pattern): formats like '#,###,###.##' rounded HALF_EVEN to d decimals (NULL for d < 0)",
    (a, _i, fn) => compileFormatNumber(a, fn),
  ),
];
