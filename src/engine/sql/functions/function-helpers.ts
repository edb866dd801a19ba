/**
 * Shared plumbing of the function table: defining entries, argument errors, implicit casts
 * and null-propagating evaluator builders.
 */
import { RowforgeError } from "../../../errors/index.ts";
import { type DataType, DataTypes, formatDataType, sameDataType } from "../../../model/data-type.ts";
import type {
  SqlArg,
  SqlEvaluator,
  SqlFunction,
  SqlGrowth,
  SqlRowContext,
  SqlRunInputs,
  SqlValue,
} from "../sql-contract.ts";
import { widthBound } from "../values/value-bounds.ts";
import { castEvaluator, castValue } from "./cast-evaluators.ts";
import { canImplicitCast, isNullLiteral } from "./implicit-argument-casts.ts";

export { checkValueSize, valueLimits } from "../values/value-budget.ts";

export interface CompiledCall {
  readonly type: DataType;
  readonly evaluate: SqlEvaluator;
  readonly bound?: number;
}

export type CompileFn = (args: readonly SqlArg[], inputs: SqlRunInputs, name: string) => CompiledCall;

/** Defines one entry per name (the first name is the main one, the rest are aliases). */
export function defineFunction(
  names: string | readonly string[],
  growth: SqlGrowth,
  minArgs: number,
  maxArgs: number,
  doc: string,
  compile: CompileFn,
): SqlFunction[] {
  const all = typeof names === "string" ? [names] : names;
  return all.map((name) => ({
    name,
    growth,
    minArgs,
    maxArgs,
    doc,
    compile: (args, inputs) => compile(args, inputs, name),
  }));
}

/** A compile-time error naming the function and what is wrong. */
export function sqlError(fn: string, message: string): RowforgeError {
  return new RowforgeError("RF_SQL_INVALID", `${fn}(): ${message}`);
}

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh"];
export const ordinal = (i: number): string => ORDINALS[i] ?? `#${i + 1}`;

export function argTypeError(fn: string, index: number, expected: string, got: DataType): RowforgeError {
  // A bare type name (int, array<string>, decimal(10,2)) can be suggested as a cast target.
  const castHint = /^[a-z]+(?:[(<].*)?$/.test(expected)
    ? `; cast it explicitly, for example CAST(x AS ${expected})`
    : "";
  return sqlError(
    fn,
    `the ${ordinal(index)} argument must be ${expected}, but it is ${formatDataType(got)}${castHint}`,
  );
}

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

// Bounds: the most bytes a value takes with all it holds (see values/value-budget.ts). Functions
// whose value is not bounded by their growth class alone (see compile-call.ts) give their own.

/** The bound of argument `i` (unknown: Infinity). */
export const argBound = (args: readonly SqlArg[], i: number): number => {
  const a = args[i];
  return a === undefined ? 0 : (a.bound ?? widthBound(a.type));
};

/** The bounds of the arguments from `from` on (lambdas aside) together, `factor` times, plus `extra` bytes. */
export function argsBound(args: readonly SqlArg[], factor = 1, extra = 0, from = 0): number {
  let sum = 0;
  for (let i = from; i < args.length; i++) if (!args[i]!.lambda) sum += argBound(args, i);
  return factor * sum + extra;
}

/** The bound of a result at most `factor` times its arguments together (a strictFunction's `bound`). */
export const timesArgs =
  (factor: number) =>
  (args: readonly SqlArg[]): number =>
    argsBound(args, factor);

/** The bound of a collection built of the arguments (an array, a map, a struct): a slot for each, and each. */
export const collectionBound = (args: readonly SqlArg[]): number => argsBound(args, 1, 16 + 8 * args.length);

/**
 * The bound of the parts of the string at argument 0 as an array (split, every match, a map of
 * pairs): one part per character and one more, each an element slot, a string and its
 * characters: 13 times the string.
 */
export const partsBound = (args: readonly SqlArg[]): number => 13 * argBound(args, 0) + 64;

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

/** A runtime error raised inside an evaluator (Spark raises the same at run time). */
export function runtimeError(fn: string, message: string): RowforgeError {
  return new RowforgeError("RF_VALUE_INVALID", `${fn}(): ${message}`);
}

// Null-propagating evaluator builders: the function runs only when every input is non-null.

export function strict1<A>(a: SqlEvaluator, f: (x: A) => SqlValue): SqlEvaluator {
  return (ctx) => {
    const x = a(ctx);
    return x === null ? null : f(x as A);
  };
}

export function strict2<A, B>(a: SqlEvaluator, b: SqlEvaluator, f: (x: A, y: B) => SqlValue): SqlEvaluator {
  return (ctx) => {
    const x = a(ctx);
    if (x === null) return null;
    const y = b(ctx);
    return y === null ? null : f(x as A, y as B);
  };
}

export function strict3<A, B, C>(
  a: SqlEvaluator,
  b: SqlEvaluator,
  c: SqlEvaluator,
  f: (x: A, y: B, z: C) => SqlValue,
): SqlEvaluator {
  return (ctx) => {
    const x = a(ctx);
    if (x === null) return null;
    const y = b(ctx);
    if (y === null) return null;
    const z = c(ctx);
    return z === null ? null : f(x as A, y as B, z as C);
  };
}

/** Evaluates all inputs into a reused buffer; null if any is null. */
export function strictN(evals: readonly SqlEvaluator[], f: (xs: SqlValue[]) => SqlValue): SqlEvaluator {
  return (ctx: SqlRowContext) => {
    const xs: SqlValue[] = new Array<SqlValue>(evals.length);
    for (let i = 0; i < evals.length; i++) {
      const v = evals[i]!(ctx);
      if (v === null) return null;
      xs[i] = v;
    }
    return f(xs);
  };
}

/** A constant evaluator. */
export const constant =
  (v: SqlValue): SqlEvaluator =>
  () =>
    v;

/**
 * Caches the last compiled form of a non-constant pattern argument (regexes, formats):
 * generated data usually repeats the same pattern on every row.
 */
export function lastValueCache<K, V>(build: (key: K) => V): (key: K) => V {
  let lastKey: K | undefined;
  let lastValue: V | undefined;
  let filled = false;
  return (key) => {
    if (!filled || key !== lastKey) {
      lastValue = build(key);
      lastKey = key;
      filled = true;
    }
    return lastValue as V;
  };
}
