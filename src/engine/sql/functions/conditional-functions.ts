/** Conditional and NULL-handling functions: if, coalesce, nvl, ifnull, nvl2, nullif, isnull, isnotnull, isnan, nanvl, equal_null, zeroifnull, nullifzero. */
import { type DataType, DataTypes, isNumeric } from "../../../model/data-type.ts";
import type { SqlArg, SqlEvaluator, SqlFunction, SqlRunInputs } from "../sql-contract.ts";
import { equalityFor } from "./comparators-and-set-keys.ts";
import { coerceArg, rejectLambdas } from "./function-args.ts";
import { argTypeError, sqlError } from "./function-errors.ts";
import { commonArgType, isNullLiteral } from "./implicit-argument-casts.ts";
import { type CompiledCall, functionTable } from "./sql-function.ts";

const B = DataTypes.boolean;

function common(fn: string, args: readonly SqlArg[]): DataType {
  rejectLambdas(fn, args);
  const t = commonArgType(args);
  if (t === undefined) {
    throw sqlError(
      fn,
      `the arguments have no common type (${args.map((a) => a.type.kind).join(", ")}); cast them to one type`,
    );
  }
  return t;
}

function compileCoalesce(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const t = common(fn, args);
  const evals = args.map((_, i) => coerceArg(fn, args, i, t));
  return {
    type: t,
    evaluate: ((ctx) => {
      for (const e of evals) {
        const v = e(ctx);
        if (v !== null) return v;
      }
      return null;
    }) satisfies SqlEvaluator,
  };
}

function compileIf(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const cond = coerceArg(fn, args, 0, B);
  const branches = args.slice(1);
  const t = common(fn, branches);
  const yes = coerceArg(fn, branches, 0, t);
  const no = coerceArg(fn, branches, 1, t);
  return { type: t, evaluate: ((ctx) => (cond(ctx) === true ? yes(ctx) : no(ctx))) satisfies SqlEvaluator };
}

/** Both arguments brought to their common type, and that type's equality. */
function commonPair(fn: string, args: readonly SqlArg[]) {
  const t = common(fn, args);
  return { t, a: coerceArg(fn, args, 0, t), b: coerceArg(fn, args, 1, t), eq: equalityFor(t) };
}

function compileNullIf(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const { t, a, b, eq } = commonPair(fn, args);
  return {
    type: t,
    evaluate: ((ctx) => {
      const x = a(ctx);
      if (x === null) return null;
      const y = b(ctx);
      return y !== null && eq(x, y) ? null : x;
    }) satisfies SqlEvaluator,
  };
}

function floatingArg(
  fn: string,
  args: readonly SqlArg[],
  i: number,
): { type: DataType; evaluate: SqlEvaluator } {
  const a = args[i]!;
  if (a.type.kind === "float" || a.type.kind === "double") return { type: a.type, evaluate: a.evaluate };
  if (isNullLiteral(a) || isNumeric(a.type) || a.type.kind === "string") {
    return { type: DataTypes.double, evaluate: coerceArg(fn, args, i, DataTypes.double) };
  }
  throw argTypeError(fn, i, "a double", a.type);
}

function compileNvl2(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const x = args[0]!;
  const t = common(fn, args.slice(1));
  const a = coerceArg(fn, args, 1, t);
  const b = coerceArg(fn, args, 2, t);
  return { type: t, evaluate: (ctx) => (x.evaluate(ctx) !== null ? a(ctx) : b(ctx)) };
}

function compileIsnull(args: readonly SqlArg[], _inputs: SqlRunInputs, _fn: string): CompiledCall {
  const e = args[0]!.evaluate;
  return { type: B, evaluate: (ctx) => e(ctx) === null };
}

function compileIsnotnull(args: readonly SqlArg[], _inputs: SqlRunInputs, _fn: string): CompiledCall {
  const e = args[0]!.evaluate;
  return { type: B, evaluate: (ctx) => e(ctx) !== null };
}

function compileIsnan(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const x = floatingArg(fn, args, 0);
  return { type: B, evaluate: (ctx) => Number.isNaN(x.evaluate(ctx)) };
}

function compileNanvl(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const x = floatingArg(fn, args, 0);
  const y = floatingArg(fn, args, 1);
  const t = x.type.kind === "float" && y.type.kind === "float" ? DataTypes.float : DataTypes.double;
  return {
    type: t,
    evaluate: (ctx) => {
      const v = x.evaluate(ctx);
      return v !== null && Number.isNaN(v) ? y.evaluate(ctx) : v;
    },
  };
}

function compileEqualNull(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const { a, b, eq } = commonPair(fn, args);
  return {
    type: B,
    evaluate: (ctx) => {
      const x = a(ctx);
      const y = b(ctx);
      return x === null || y === null ? x === y : eq(x, y);
    },
  };
}

function compileZeroifnull(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const a = args[0]!;
  const t = isNullLiteral(a) ? DataTypes.int : a.type;
  if (!isNumeric(t)) throw argTypeError(fn, 0, "a number", t);
  const zero = t.kind === "long" || t.kind === "decimal" ? 0n : 0;
  return { type: t, evaluate: (ctx) => a.evaluate(ctx) ?? zero };
}

function compileNullifzero(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const a = args[0]!;
  if (!isNumeric(a.type) && !isNullLiteral(a)) throw argTypeError(fn, 0, "a number", a.type);
  return {
    type: a.type,
    evaluate: (ctx) => {
      const v = a.evaluate(ctx);
      return v === 0 || v === 0n ? null : v;
    },
  };
}

export const CONDITIONAL_FUNCTIONS: readonly SqlFunction[] = functionTable([
  ["if(cond, then, else)", "input", ": then when cond is true, else otherwise (also when NULL)", compileIf],
  ["coalesce(value, values...)", "input", "the first non-NULL argument", compileCoalesce],
  ["nvl|ifnull(value, replacement)", "input", "the second argument when the first is NULL", compileCoalesce],
  ["nvl2(x, a, b)", "input", ": a when x is not NULL, else b", compileNvl2],
  ["nullif(a, b)", "input", ": NULL when a equals b, else a", compileNullIf],
  ["isnull(value)", "fixed", "whether the value is NULL", compileIsnull],
  ["isnotnull(value)", "fixed", "whether the value is not NULL", compileIsnotnull],
  ["isnan(x)", "fixed", "whether a double is NaN (false for NULL)", compileIsnan],
  ["nanvl(a, b)", "fixed", ": b when a is NaN, else a", compileNanvl],
  ["equal_null(a, b)", "fixed", "equality where NULL equals NULL (a <=> b)", compileEqualNull],
  ["zeroifnull(n)", "fixed", "0 when the number is NULL", compileZeroifnull],
  ["nullifzero(n)", "fixed", "NULL when the number is 0", compileNullifzero],
]);
