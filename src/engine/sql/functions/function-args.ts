/** Reading a call's arguments: implicit casts as Spark makes them, constants, lambdas. */
import { RowforgeError } from "../../../errors/index.ts";
import { type DataType, DataTypes, formatDataType, sameDataType } from "../../../model/data-type.ts";
import type { SqlArg, SqlEvaluator, SqlValue } from "../sql-contract.ts";
import { castEvaluator, castValue } from "./cast-evaluators.ts";
import { argTypeError, ordinal, sqlError } from "./function-errors.ts";
import { canImplicitCast, isNullLiteral } from "./implicit-argument-casts.ts";

export function argAt(args: readonly SqlArg[], i: number): SqlArg {
  const a = args[i];
  if (a === undefined) throw new RowforgeError("RF_INTERNAL", `function argument ${i} is missing`);
  return a;
}

/**
 * The evaluator of argument `i` converted to `target` with Spark's implicit casts, or an error
 * when Spark would reject the argument.
 */
export function coerceArg(fn: string, args: readonly SqlArg[], i: number, target: DataType): SqlEvaluator {
  const a = argAt(args, i);
  if (a.lambda) throw sqlError(fn, `the ${ordinal(i)} argument cannot be a lambda`);
  if (sameDataType(a.type, target)) return a.evaluate;
  if (isNullLiteral(a)) return () => null;
  if (!canImplicitCast(a.type, target)) throw argTypeError(fn, i, formatDataType(target), a.type);
  return castEvaluator(a.evaluate, a.type, target);
}

/** The i-th argument as a string, implicitly cast (the string functions' usual argument). */
export const stringArg = (fn: string, args: readonly SqlArg[], i: number): SqlEvaluator =>
  coerceArg(fn, args, i, DataTypes.string);

/** The i-th argument as an int, implicitly cast (positions, lengths, counts). */
export const intArg = (fn: string, args: readonly SqlArg[], i: number): SqlEvaluator =>
  coerceArg(fn, args, i, DataTypes.int);

/** Like `coerceArg` with any cast allowed (used where Spark casts explicitly, e.g. `int(x)`). */
export function castArg(arg: SqlArg, target: DataType): SqlEvaluator {
  if (sameDataType(arg.type, target)) return arg.evaluate;
  if (isNullLiteral(arg)) return () => null;
  return castEvaluator(arg.evaluate, arg.type, target);
}

/** The constant value of argument `i` after the implicit cast, or undefined when it is not a literal. */
export function constantArg(
  fn: string,
  args: readonly SqlArg[],
  i: number,
  target: DataType,
): { value: SqlValue } | undefined {
  const a = args[i];
  if (a?.constant === undefined) return undefined;
  if (a.constant.value === null) return { value: null };
  if (sameDataType(a.type, target)) return { value: a.constant.value };
  if (!canImplicitCast(a.type, target)) throw argTypeError(fn, i, formatDataType(target), a.type);
  return { value: castValue(a.constant.value, a.type, target) };
}

/** Requires a lambda with the given arity range at argument `i`. */
export function lambdaArg(
  fn: string,
  args: readonly SqlArg[],
  i: number,
  minArity: number,
  maxArity: number,
) {
  const a = argAt(args, i);
  if (a.lambda === undefined) {
    throw sqlError(fn, `the ${ordinal(i)} argument must be a lambda function such as x -> x + 1`);
  }
  if (a.lambda.arity < minArity || a.lambda.arity > maxArity) {
    const want = minArity === maxArity ? `${minArity}` : `${minArity} or ${maxArity}`;
    throw sqlError(fn, `the lambda takes ${want} parameter(s), but ${a.lambda.arity} are declared`);
  }
  return a.lambda;
}

export function rejectLambdas(fn: string, args: readonly SqlArg[]): void {
  args.forEach((a, i) => {
    if (a.lambda) throw sqlError(fn, `the ${ordinal(i)} argument cannot be a lambda`);
  });
}

/** The whole number argument `i` is when it is a constant, else undefined. */
export function constantCount(args: readonly SqlArg[], i: number): number | undefined {
  const v = args[i]?.constant?.value;
  const n = typeof v === "bigint" ? Number(v) : typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : undefined;
}

/** The text argument `i` is when it is a constant, else undefined. */
export const constantText = (args: readonly SqlArg[], i: number): string | undefined => {
  const v = args[i]?.constant?.value;
  return typeof v === "string" ? v : undefined;
};
