/** printf-style and number formatting: format_string/printf, format_number. */

import { isRowforgeError } from "../../../errors/index.ts";
import { DataTypes } from "../../../model/data-type.ts";
import type { SqlArg, SqlEvaluator, SqlFunction, SqlRunInputs, SqlValue } from "../sql-contract.ts";
import { stringBound } from "../values/value-bounds.ts";
import { checkDeepSize } from "../values/value-budget.ts";
import {
  type DecimalPattern,
  exactBinaryDecimal,
  fixedDecimalsPattern,
  formatDecimal,
  parseDecimalPattern,
} from "./decimal-format.ts";
import { constantArg, intArg, rejectLambdas, stringArg } from "./function-args.ts";
import { argBound, checkValueSize, valueLimits } from "./function-bounds.ts";
import { runtimeError, sqlError } from "./function-errors.ts";
import { isNullLiteral } from "./implicit-argument-casts.ts";
import {
  applyJavaFormat,
  type FormatArg,
  type FormatPart,
  formatArgOf,
  formatMinLength,
  parseJavaFormat,
} from "./java-format.ts";
import { lastValueCache } from "./last-value-cache.ts";
import type { ExactDecimal } from "./rounding.ts";
import { functionTable } from "./sql-function.ts";
import { S } from "./type-shorthands.ts";

function compileFormatString(args: readonly SqlArg[], inputs: SqlRunInputs, fn: string) {
  rejectLambdas(fn, args);
  const limits = valueLimits(inputs);
  const fits = (length: number) => checkValueSize(fn, length, limits, "string");
  const fmt = stringArg(fn, args, 0);
  const fmtConst = constantArg(fn, args, 0, S);
  const parse = (f: string): FormatPart[] => {
    fits(formatMinLength(f));
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
  // Arrays, maps and structs are rendered as text: checked with all they hold first.
  const rendered = rest.map(
    (a) => a.type.kind === "array" || a.type.kind === "map" || a.type.kind === "struct",
  );
  return {
    type: S,
    ...(fixed === undefined ? {} : { bound: formatBound(fmtConst?.value as string, fixed, args) }),
    evaluate: ((ctx) => {
      const f = fmt(ctx);
      if (f === null) return null;
      const parts = fixed ?? cached(f as string);
      const values: SqlValue[] = evals.map((e) => e(ctx));
      values.forEach((v, i) => {
        if (rendered[i] && v !== null) checkDeepSize(`${fn}(): argument ${i + 2}`, v, limits);
      });
      try {
        return applyJavaFormat(parts, formats, values, fits);
      } catch (e) {
        if (isRowforgeError(e) && e.code === "RF_BUDGET_EXCEEDED") throw e;
        throw runtimeError(fn, (e as Error).message);
      }
    }) satisfies SqlEvaluator,
  };
}

/** The most characters one number takes as text in any format: the digits of the largest double, grouped. */
const NUMBER_TEXT = 450;

/**
 * The bound of a constant format's text: its own characters and widths, and at each
 * specifier a number's text or an argument rendered (six times its bound at most).
 */
function formatBound(format: string, parts: readonly FormatPart[], args: readonly SqlArg[]): number {
  const specifiers = parts.filter((p) => typeof p !== "string").length;
  let largest = 0;
  for (let i = 1; i < args.length; i++) largest = Math.max(largest, argBound(args, i));
  return (
    stringBound(format.length + formatMinLength(format) + specifiers * NUMBER_TEXT) + specifiers * 6 * largest
  );
}

function exactOf(v: SqlValue, kind: string, scale: number): ExactDecimal | null {
  if (typeof v === "bigint") return { unscaled: v, scale: kind === "decimal" ? scale : 0 };
  if (typeof v !== "number") return null;
  if (!Number.isFinite(v)) return null;
  return Number.isInteger(v) && Math.abs(v) < 2 ** 53
    ? { unscaled: BigInt(v), scale: 0 }
    : exactBinaryDecimal(v);
}

function compileFormatNumber(args: readonly SqlArg[], inputs: SqlRunInputs, fn: string) {
  const limits = valueLimits(inputs);
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
  const patternOf = lastValueCache((p: SqlValue): DecimalPattern | null => {
    if (textual) return parsePattern(p as string);
    if ((p as number) < 0) return null;
    checkValueSize(fn, p as number, limits, "string");
    return fixedDecimalsPattern(p as number);
  });
  const c = constantArg(fn, args, 1, textual ? S : DataTypes.int);
  if (c !== undefined && c.value !== null) patternOf(c.value);
  const digits =
    c === undefined || c.value === null ? undefined : textual ? 2 * String(c.value).length : Number(c.value);
  return {
    type: S,
    ...(digits === undefined ? {} : { bound: stringBound(digits + NUMBER_TEXT) }),
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

export const FORMAT_FUNCTIONS: readonly SqlFunction[] = functionTable([
  [
    "format_string|printf(fmt, args...)",
    "grows",
    ": Java printf-style formatting (%s %d %05d %.2f %x %e %%)",
    compileFormatString,
  ],
  [
    "format_number(x, d | pattern)",
    "grows",
    ": formats like '#,###,###.##' rounded HALF_EVEN to d decimals (NULL for d < 0)",
    compileFormatNumber,
  ],
]);
