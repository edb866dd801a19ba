/**
 * Lambda functions over arrays and maps: transform, filter, exists, forall, aggregate/reduce,
 * zip_with, map_filter, transform_keys, transform_values, map_zip_with; and the array set
 * operations array_distinct, array_union, array_intersect, array_except.
 */
import { type DataType, DataTypes, sameDataType } from "../../../model/data-type.ts";
import type { SqlArg, SqlEvaluator, SqlFunction, SqlRunInputs, SqlValue } from "../sql-contract.ts";
import { SCALAR_BYTES } from "../values/value-bounds.ts";
import { arrayArg } from "./array-functions.ts";
import { valueCaster } from "./cast-evaluators.ts";
import { setKeyFor } from "./comparators-and-set-keys.ts";
import { castArg, coerceArg, lambdaArg } from "./function-args.ts";
import { argBound, argsBound } from "./function-bounds.ts";
import { argTypeError, runtimeError, sqlError } from "./function-errors.ts";
import { canImplicitCast, commonArgType, isNullLiteral } from "./implicit-argument-casts.ts";
import { type CompiledCall, type CompileFn, functionTable } from "./sql-function.ts";
import { strict1, strict2, strictInRow } from "./strict-evaluators.ts";

type Values = readonly SqlValue[];
type SqlMap = ReadonlyMap<SqlValue, SqlValue>;

/**
 * The bound of an array (or map) of a lambda's results, one for each element of a collection
 * bounded by `collection`: at most one element per 8 bytes of it, each a slot and a result.
 */
const elementsBound = (collection: number, result: number): number => 16 + (collection / 8) * (8 + result);

function compileTransform(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const arr = arrayArg(fn, args, 0);
  const lambda = lambdaArg(fn, args, 1, 1, 2);
  const withIndex = lambda.arity === 2;
  const bound = lambda.bind(withIndex ? [arr.type.element, DataTypes.int] : [arr.type.element], [
    argBound(args, 0),
    SCALAR_BYTES,
  ]);
  return {
    type: DataTypes.array(bound.type),
    bound: elementsBound(argBound(args, 0), bound.bound),
    evaluate: strictInRow<Values>(arr.evaluate, (a, ctx) => {
      const out = new Array<SqlValue>(a.length);
      const params: SqlValue[] = [null, null];
      for (let i = 0; i < a.length; i++) {
        params[0] = a[i] ?? null;
        params[1] = i;
        out[i] = bound.invoke(ctx, params);
      }
      return out;
    }),
  };
}

function predicate(fn: string, args: readonly SqlArg[], allowIndex: boolean) {
  const arr = arrayArg(fn, args, 0);
  const lambda = lambdaArg(fn, args, 1, 1, allowIndex ? 2 : 1);
  const bound = lambda.bind(lambda.arity === 2 ? [arr.type.element, DataTypes.int] : [arr.type.element]);
  if (bound.type.kind !== "boolean")
    throw sqlError(fn, `the lambda must return a boolean, but it returns ${bound.type.kind}`);
  return { arr, bound };
}

function compileFilter(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const { arr, bound } = predicate(fn, args, true);
  return {
    type: arr.type,
    evaluate: strictInRow<Values>(arr.evaluate, (v, ctx) => {
      const out: SqlValue[] = [];
      const params: SqlValue[] = [null, null];
      v.forEach((x, i) => {
        params[0] = x;
        params[1] = i;
        if (bound.invoke(ctx, params) === true) out.push(x);
      });
      return out;
    }),
  };
}

/** exists/forall with three-valued logic: a NULL result counts when nothing decides. */
function compileQuantifier(decisive: boolean): CompileFn {
  return (args, _inputs, fn) => {
    const { arr, bound } = predicate(fn, args, false);
    return {
      type: DataTypes.boolean,
      evaluate: strictInRow<Values>(arr.evaluate, (v, ctx) => {
        let sawNull = false;
        const params: SqlValue[] = [null];
        for (const x of v) {
          params[0] = x;
          const r = bound.invoke(ctx, params);
          if (r === null) sawNull = true;
          else if (r === decisive) return decisive;
        }
        return sawNull ? null : !decisive;
      }),
    };
  };
}

function compileAggregate(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const arr = arrayArg(fn, args, 0);
  const zeroArg = args[1]!;
  if (zeroArg.lambda) throw sqlError(fn, "the second argument is the start value, not a lambda");
  const merge = lambdaArg(fn, args, 2, 2, 2);
  let accType: DataType = zeroArg.type;
  let bound = merge.bind([accType, arr.type.element]);
  if (
    !sameDataType(bound.type, accType) &&
    (isNullLiteral(zeroArg) || canImplicitCast(accType, bound.type))
  ) {
    // The merge widens the accumulator (0 + a long): start from the wider type, as Spark users expect.
    accType = bound.type;
    bound = merge.bind([accType, arr.type.element]);
  }
  if (!sameDataType(bound.type, accType) && !canImplicitCast(bound.type, accType)) {
    throw sqlError(
      fn,
      `the merge lambda returns ${bound.type.kind}, which does not fit the start value's type ${accType.kind}`,
    );
  }
  const toAcc = sameDataType(bound.type, accType) ? (v: SqlValue) => v : valueCaster(bound.type, accType);
  const zero = castArg(zeroArg, accType);
  // The accumulator is bounded when one merge keeps it within the start value's bound.
  const start = argBound(args, 1);
  const merged = merge.bind([accType, arr.type.element], [start, argBound(args, 0)]).bound;
  const accBound = merged <= start ? start : Number.POSITIVE_INFINITY;
  const finish = args.length > 3 ? lambdaArg(fn, args, 3, 1, 1).bind([accType], [accBound]) : undefined;
  return {
    type: finish?.type ?? accType,
    bound: finish?.bound ?? accBound,
    evaluate: ((ctx) => {
      const v = arr.evaluate(ctx);
      if (v === null) return null;
      let acc = zero(ctx);
      const params: SqlValue[] = [null, null];
      for (const x of v as Values) {
        params[0] = acc;
        params[1] = x;
        acc = toAcc(bound.invoke(ctx, params));
      }
      return finish === undefined ? acc : finish.invoke(ctx, [acc]);
    }) satisfies SqlEvaluator,
  };
}

function compileZipWith(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const a = arrayArg(fn, args, 0);
  const b = arrayArg(fn, args, 1);
  const bound = lambdaArg(fn, args, 2, 2, 2).bind(
    [a.type.element, b.type.element],
    [argBound(args, 0), argBound(args, 1)],
  );
  return {
    type: DataTypes.array(bound.type),
    bound: elementsBound(argBound(args, 0) + argBound(args, 1), bound.bound),
    evaluate: ((ctx) => {
      const x = a.evaluate(ctx);
      const y = b.evaluate(ctx);
      if (x === null || y === null) return null;
      const xs = x as Values;
      const ys = y as Values;
      const n = Math.max(xs.length, ys.length);
      const out = new Array<SqlValue>(n);
      const params: SqlValue[] = [null, null];
      for (let i = 0; i < n; i++) {
        params[0] = xs[i] ?? null;
        params[1] = ys[i] ?? null;
        out[i] = bound.invoke(ctx, params);
      }
      return out;
    }) satisfies SqlEvaluator,
  };
}

function mapArg(fn: string, args: readonly SqlArg[], i: number) {
  const a = args[i]!;
  if (a.type.kind === "map") return { type: a.type, evaluate: a.evaluate };
  if (isNullLiteral(a))
    return { type: DataTypes.map(DataTypes.string, DataTypes.string), evaluate: () => null };
  throw argTypeError(fn, i, "a map", a.type);
}

/** A map built entry by entry with Spark's rules: NULL keys and duplicate keys are errors. */
export function buildMap(
  fn: string,
  keyType: DataType,
  entries: Iterable<readonly [SqlValue, SqlValue]>,
): SqlMap {
  const key = setKeyFor(keyType);
  const seen = new Set<unknown>();
  const out = new Map<SqlValue, SqlValue>();
  for (const [k, v] of entries) {
    if (k === null) throw runtimeError(fn, "a map key cannot be NULL");
    const id = key(k);
    if (seen.has(id))
      throw runtimeError(fn, `duplicate map key ${JSON.stringify(String(k))}; map keys must be unique`);
    seen.add(id);
    out.set(k, v);
  }
  return out;
}

function compileMapLambda(mode: "filter" | "keys" | "values"): CompileFn {
  return (args, _inputs, fn) => {
    const m = mapArg(fn, args, 0);
    const bound = lambdaArg(fn, args, 1, 2, 2).bind(
      [m.type.key, m.type.value],
      [argBound(args, 0), argBound(args, 0)],
    );
    if (mode === "filter" && bound.type.kind !== "boolean")
      throw sqlError(fn, "the lambda must return a boolean");
    const type =
      mode === "filter"
        ? m.type
        : mode === "keys"
          ? DataTypes.map(bound.type, m.type.value)
          : DataTypes.map(m.type.key, bound.type);
    return {
      type,
      // The map's own entries, and a result of the lambda for each of at most one entry per 16 bytes.
      bound:
        mode === "filter"
          ? argBound(args, 0)
          : argBound(args, 0) + elementsBound(argBound(args, 0), bound.bound),
      evaluate: ((ctx) => {
        const v = m.evaluate(ctx);
        if (v === null) return null;
        const params: SqlValue[] = [null, null];
        const entries: [SqlValue, SqlValue][] = [];
        for (const [k, x] of v as SqlMap) {
          params[0] = k;
          params[1] = x;
          const r = bound.invoke(ctx, params);
          if (mode === "filter") {
            if (r === true) entries.push([k, x]);
          } else entries.push(mode === "keys" ? [r, x] : [k, r]);
        }
        return mode === "keys" ? buildMap(fn, type.key, entries) : new Map(entries);
      }) satisfies SqlEvaluator,
    };
  };
}

function compileMapZipWith(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const a = mapArg(fn, args, 0);
  const b = mapArg(fn, args, 1);
  const keyType = commonArgType([
    { type: a.type.key, evaluate: () => null },
    { type: b.type.key, evaluate: () => null },
  ]);
  if (keyType === undefined || !sameDataType(keyType, a.type.key) || !sameDataType(keyType, b.type.key)) {
    throw sqlError(fn, "both maps must have the same key type");
  }
  const both = argBound(args, 0) + argBound(args, 1);
  const bound = lambdaArg(fn, args, 2, 3, 3).bind([keyType, a.type.value, b.type.value], [both, both, both]);
  const key = setKeyFor(keyType);
  return {
    type: DataTypes.map(keyType, bound.type),
    bound: both + elementsBound(both, bound.bound),
    evaluate: ((ctx) => {
      const x = a.evaluate(ctx);
      const y = b.evaluate(ctx);
      if (x === null || y === null) return null;
      const right = new Map<unknown, SqlValue>();
      for (const [k, v] of y as SqlMap) right.set(key(k), v);
      const out = new Map<SqlValue, SqlValue>();
      const done = new Set<unknown>();
      for (const [k, v] of x as SqlMap) {
        done.add(key(k));
        out.set(k, bound.invoke(ctx, [k, v, right.get(key(k)) ?? null]));
      }
      for (const [k, v] of y as SqlMap) if (!done.has(key(k))) out.set(k, bound.invoke(ctx, [k, null, v]));
      return out;
    }) satisfies SqlEvaluator,
  };
}

/** Distinct elements in first-seen order; NULL counts as one value. */
function distinctOf(
  key: (v: SqlValue) => unknown,
  values: Values,
  exclude?: Set<unknown>,
  keepOnly?: Set<unknown>,
): SqlValue[] {
  const seen = new Set<unknown>();
  const out: SqlValue[] = [];
  for (const v of values) {
    const k = key(v);
    if (seen.has(k) || exclude?.has(k) || (keepOnly !== undefined && !keepOnly.has(k))) continue;
    seen.add(k);
    out.push(v);
  }
  return out;
}

function compileSetOp(op: "union" | "intersect" | "except"): CompileFn {
  return (args, _inputs, fn) => {
    const t = commonArgType(args);
    if (t === undefined || t.kind !== "array")
      throw sqlError(fn, "both arguments must be arrays of a common element type");
    const key = setKeyFor(t.element);
    return {
      type: t,
      bound: argsBound(args),
      evaluate: strict2<Values, Values>(coerceArg(fn, args, 0, t), coerceArg(fn, args, 1, t), (a, b) => {
        if (op === "union") return distinctOf(key, [...a, ...b]);
        const other = new Set(b.map(key));
        return op === "intersect" ? distinctOf(key, a, undefined, other) : distinctOf(key, a, other);
      }),
    };
  };
}

function compileArrayDistinct(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const arr = arrayArg(fn, args, 0);
  const key = setKeyFor(arr.type.element);
  return { type: arr.type, evaluate: strict1<Values>(arr.evaluate, (a) => distinctOf(key, a)) };
}

export const HIGHER_ORDER_FUNCTIONS: readonly SqlFunction[] = functionTable([
  [
    "transform(array, lambda)",
    "input",
    "transform(array, x -> f(x)) or (x, i) -> f(x, i): maps each element",
    compileTransform,
  ],
  [
    "filter(array, lambda)",
    "input",
    "filter(array, x -> bool) or (x, i) -> bool: keeps the elements for which the lambda is true",
    compileFilter,
  ],
  [
    "exists(array, x -> bool)",
    "fixed",
    ": true if any element satisfies it (NULL if undecided with NULLs)",
    compileQuantifier(true),
  ],
  [
    "forall(array, x -> bool)",
    "fixed",
    ": true if every element satisfies it (NULL if undecided with NULLs)",
    compileQuantifier(false),
  ],
  [
    "aggregate|reduce(array, start, merge[, finish])",
    "input",
    "aggregate(array, start, (acc, x) -> acc', [acc -> result]): folds the array",
    compileAggregate,
  ],
  [
    "zip_with(a, b, lambda)",
    "input",
    "zip_with(a, b, (x, y) -> f): combines two arrays element-wise (the shorter is padded with NULLs)",
    compileZipWith,
  ],
  [
    "map_filter(map, lambda)",
    "input",
    "map_filter(map, (k, v) -> bool): keeps the entries for which the lambda is true",
    compileMapLambda("filter"),
  ],
  ["transform_keys(map, lambda)", "input", "transform_keys(map, (k, v) -> newKey)", compileMapLambda("keys")],
  [
    "transform_values(map, lambda)",
    "input",
    "transform_values(map, (k, v) -> newValue)",
    compileMapLambda("values"),
  ],
  [
    "map_zip_with(m1, m2, lambda)",
    "grows",
    "map_zip_with(m1, m2, (k, v1, v2) -> f): merges two maps by key",
    compileMapZipWith,
  ],
  ["array_distinct(array)", "input", "the distinct elements in first-seen order", compileArrayDistinct],
  [
    "array_union(a, b)",
    "grows",
    "distinct elements of both arrays, first array first",
    compileSetOp("union"),
  ],
  [
    "array_intersect(a, b)",
    "input",
    "distinct elements of the first array that are in the second",
    compileSetOp("intersect"),
  ],
  [
    "array_except(a, b)",
    "input",
    "distinct elements of the first array that are not in the second",
    compileSetOp("except"),
  ],
]);
