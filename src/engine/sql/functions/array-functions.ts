/**
 * Array functions: construction, size, element access (1-based, negative from the end),
 * sorting, search, slicing, sequences, zipping, flattening and shuffling.
 */
import { type ArrayType, type DataType, DataTypes, type MapType } from "../../../model/data-type.ts";
import type { SqlArg, SqlEvaluator, SqlFunction, SqlRunInputs, SqlValue } from "../sql-contract.ts";
import { comparatorFor, type Equality, equalityFor, isPrimitiveKeyType } from "./comparators-and-set-keys.ts";
import { coerceArg, constantArg, intArg, lambdaArg, rejectLambdas, stringArg } from "./function-args.ts";
import { argBound, checkValueSize, collectionBound, valueLimits } from "./function-bounds.ts";
import { argTypeError, runtimeError, sqlError } from "./function-errors.ts";
import { commonArgType, isNullLiteral, widerType } from "./implicit-argument-casts.ts";
import { type CompiledCall, type CompileFn, functionTable } from "./sql-function.ts";
import { strict1, strict2 } from "./strict-evaluators.ts";
import { I, L } from "./type-shorthands.ts";

/** Arrays longer than this are refused (Spark's limit is close to 2^31; rowforge keeps rows small). */
export const MAX_ARRAY_LENGTH = 10_000_000;

type Values = readonly SqlValue[];

/** The array argument at `i` and its type (a NULL literal counts as array<string>). */
export function arrayArg(
  fn: string,
  args: readonly SqlArg[],
  i: number,
): { type: ArrayType; evaluate: SqlEvaluator } {
  const a = args[i]!;
  if (a.lambda) throw sqlError(fn, `the ${i === 0 ? "first" : "array"} argument cannot be a lambda`);
  if (a.type.kind === "array") return { type: a.type, evaluate: a.evaluate };
  if (isNullLiteral(a)) return { type: DataTypes.array(DataTypes.string), evaluate: () => null };
  throw argTypeError(fn, i, "an array", a.type);
}

/** An array argument and a value argument brought to a common element type. */
export function arrayAndElement(fn: string, args: readonly SqlArg[]) {
  const arr = arrayArg(fn, args, 0);
  const v = args[1]!;
  const elem = isNullLiteral(v) ? arr.type.element : widerType(arr.type.element, v.type);
  if (elem === undefined)
    throw argTypeError(fn, 1, `a value of the array's element type ${arr.type.element.kind}`, v.type);
  const probe: SqlArg[] = [{ type: arr.type, evaluate: arr.evaluate }, v];
  return {
    element: elem,
    array: coerceArg(fn, probe, 0, DataTypes.array(elem)),
    value: coerceArg(fn, probe, 1, elem),
  };
}

function elementAt(fn: string, tolerant: boolean) {
  return (arr: Values, index: number): SqlValue => {
    if (index === 0) {
      if (tolerant) return null;
      throw runtimeError(
        fn,
        "SQL array indexes start at 1; index 0 is invalid (use try_element_at for NULL)",
      );
    }
    const i = index > 0 ? index - 1 : arr.length + index;
    return i < 0 || i >= arr.length ? null : (arr[i] ?? null);
  };
}

/** Map lookup by key: direct for primitive keys, by equality for composite ones. */
export function mapGetter(t: MapType): (m: ReadonlyMap<SqlValue, SqlValue>, key: SqlValue) => SqlValue {
  if (isPrimitiveKeyType(t.key)) return (m, k) => m.get(k) ?? null;
  const eq = equalityFor(t.key);
  return (m, k) => {
    for (const [mk, mv] of m) if (mk !== null && eq(mk, k)) return mv;
    return null;
  };
}

function compileElementAt(tolerant: boolean): CompileFn {
  return (args, _inputs, fn) => {
    const a = args[0]!;
    if (a.type.kind === "map") {
      const get = mapGetter(a.type);
      return {
        type: a.type.value,
        evaluate: strict2<ReadonlyMap<SqlValue, SqlValue>, SqlValue>(
          a.evaluate,
          coerceArg(fn, args, 1, a.type.key),
          get,
        ),
      };
    }
    const arr = arrayArg(fn, args, 0);
    const idx = constantArg(fn, args, 1, I);
    if (!tolerant && idx !== undefined && idx.value === 0) {
      throw sqlError(fn, "SQL array indexes start at 1; index 0 is invalid (use try_element_at for NULL)");
    }
    return {
      type: arr.type.element,
      evaluate: strict2(arr.evaluate, intArg(fn, args, 1), elementAt(fn, tolerant)),
    };
  };
}

/** Sort ascending with NULLs first, or descending with NULLs last (sort_array); NULLs last ascending (array_sort). */
function sorter(t: DataType, fn: string, ascending: boolean, nullsFirst: boolean) {
  const cmp = comparatorFor(t, fn);
  const dir = ascending ? 1 : -1;
  return (arr: Values): Values => {
    const nonNull = arr.filter((v) => v !== null).sort((x, y) => dir * cmp(x, y));
    const nulls = arr.length - nonNull.length;
    if (nulls === 0) return nonNull;
    const fill = new Array<SqlValue>(nulls).fill(null);
    return nullsFirst ? [...fill, ...nonNull] : [...nonNull, ...fill];
  };
}

function compileArraySort(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const arr = arrayArg(fn, args, 0);
  if (args.length === 1) {
    return {
      type: arr.type,
      evaluate: strict1<Values>(arr.evaluate, sorter(arr.type.element, fn, true, false)),
    };
  }
  const lambda = lambdaArg(fn, args, 1, 2, 2);
  const bound = lambda.bind([arr.type.element, arr.type.element]);
  if (
    bound.type.kind !== "int" &&
    bound.type.kind !== "long" &&
    bound.type.kind !== "short" &&
    bound.type.kind !== "byte"
  ) {
    throw sqlError(fn, `the comparator must return an integer, but it returns ${bound.type.kind}`);
  }
  return {
    type: arr.type,
    evaluate: ((ctx) => {
      const v = arr.evaluate(ctx);
      if (v === null) return null;
      const params: SqlValue[] = [null, null];
      return [...(v as Values)].sort((x, y) => {
        params[0] = x;
        params[1] = y;
        const r = bound.invoke(ctx, params);
        if (r === null) throw runtimeError(fn, "the comparator returned NULL");
        return Number(r);
      });
    }) satisfies SqlEvaluator,
  };
}

function compileContains(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  const { element, array, value } = arrayAndElement(fn, args);
  const eq = equalityFor(element);
  return {
    type: DataTypes.boolean,
    evaluate: strict2<Values, SqlValue>(array, value, (arr, v) => {
      let sawNull = false;
      for (const x of arr) {
        if (x === null) sawNull = true;
        else if (eq(x, v)) return true;
      }
      return sawNull ? null : false;
    }),
  };
}

function compileArrayJoin(args: readonly SqlArg[], inputs: SqlRunInputs, fn: string) {
  const limits = valueLimits(inputs);
  const arr = coerceArg(fn, args, 0, DataTypes.array(DataTypes.string));
  arrayArg(fn, args, 0);
  const delim = stringArg(fn, args, 1);
  const replacement = args.length > 2 ? stringArg(fn, args, 2) : undefined;
  // Elements as text (a number takes up to 64 characters for its 16 bytes), a separator (and a
  // NULL's replacement) for each of at most one element per 8 bytes.
  const elements = argBound(args, 0);
  return {
    type: DataTypes.string,
    bound: 8 * elements + (argBound(args, 1) + argBound(args, 2)) * (elements / 8),
    evaluate: ((ctx) => {
      const a = arr(ctx);
      const d = delim(ctx);
      if (a === null || d === null) return null;
      const r = replacement === undefined ? undefined : replacement(ctx);
      if (r === null) return null;
      const parts: string[] = [];
      let size = 0;
      for (const x of a as Values) {
        const part = x !== null ? (x as string) : (r as string | undefined);
        if (part === undefined) continue;
        size += part.length + (parts.length > 0 ? (d as string).length : 0);
        checkValueSize(fn, size, limits, "string");
        parts.push(part);
      }
      return parts.join(d as string);
    }) satisfies SqlEvaluator,
  };
}

function compileExtremum(sign: 1 | -1): CompileFn {
  return (args, _inputs, fn) => {
    const arr = arrayArg(fn, args, 0);
    const cmp = comparatorFor(arr.type.element, fn);
    return {
      type: arr.type.element,
      evaluate: strict1<Values>(arr.evaluate, (a) => {
        let best: SqlValue = null;
        for (const v of a) if (v !== null && (best === null || sign * cmp(v, best) > 0)) best = v;
        return best;
      }),
    };
  };
}

function compileArrayFunction(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string) {
  rejectLambdas(fn, args);
  const t = args.length === 0 ? DataTypes.string : commonArgType(args);
  if (t === undefined) throw sqlError(fn, "the elements have no common type; cast them to one type");
  const evals = args.map((_, i) => coerceArg(fn, args, i, t));
  return {
    type: DataTypes.array(t),
    bound: collectionBound(args),
    evaluate: ((ctx) => evals.map((e) => e(ctx))) satisfies SqlEvaluator,
  };
}

function compileSize(nullValue: number | null): CompileFn {
  return (args, _inputs, fn) => {
    const a = args[0]!;
    if (a.type.kind !== "array" && a.type.kind !== "map" && !isNullLiteral(a))
      throw argTypeError(fn, 0, "an array or a map", a.type);
    const isMap = a.type.kind === "map";
    return {
      type: I,
      evaluate: ((ctx) => {
        const v = a.evaluate(ctx);
        if (v === null) return nullValue;
        return isMap ? (v as ReadonlyMap<SqlValue, SqlValue>).size : (v as Values).length;
      }) satisfies SqlEvaluator,
    };
  };
}

/** A function of an array and a value of its element type, compared with the element type's equality. */
function compileArrayWithValue(
  type: (element: DataType) => DataType,
  f: (arr: Values, v: SqlValue, eq: Equality) => SqlValue,
): CompileFn {
  return (args, _inputs, fn) => {
    const { element, array, value } = arrayAndElement(fn, args);
    const eq = equalityFor(element);
    return {
      type: type(element),
      evaluate: strict2<Values, SqlValue>(array, value, (arr, v) => f(arr, v, eq)),
    };
  };
}

function compileGet(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const arr = arrayArg(fn, args, 0);
  return {
    type: arr.type.element,
    evaluate: strict2<Values, number>(arr.evaluate, intArg(fn, args, 1), (a, i) =>
      i < 0 || i >= a.length ? null : (a[i] ?? null),
    ),
  };
}

function compileSortArray(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const arr = arrayArg(fn, args, 0);
  const asc = args.length > 1 ? constantArg(fn, args, 1, DataTypes.boolean) : { value: true };
  if (asc === undefined || asc.value === null)
    throw sqlError(fn, "the sort direction must be the literal true or false");
  const ascending = asc.value as boolean;
  return {
    type: arr.type,
    evaluate: strict1<Values>(arr.evaluate, sorter(arr.type.element, fn, ascending, ascending)),
  };
}

function compileArraysOverlap(args: readonly SqlArg[], _inputs: SqlRunInputs, fn: string): CompiledCall {
  const t = commonArgType(args);
  if (t === undefined || t.kind !== "array")
    throw sqlError(fn, "both arguments must be arrays of a common element type");
  const eq = equalityFor(t.element);
  return {
    type: DataTypes.boolean,
    evaluate: strict2<Values, Values>(coerceArg(fn, args, 0, t), coerceArg(fn, args, 1, t), (a, b) => {
      let sawNull = false;
      for (const x of a) {
        if (x === null) {
          sawNull = true;
          continue;
        }
        for (const y of b) {
          if (y === null) sawNull = true;
          else if (eq(x, y)) return true;
        }
      }
      return sawNull && a.length > 0 && b.length > 0 ? null : false;
    }),
  };
}

export const ARRAY_FUNCTIONS: readonly SqlFunction[] = functionTable([
  [
    "array(elements...)",
    "grows",
    "array(e1, e2, ...): an array of the arguments (common type)",
    compileArrayFunction,
  ],
  [
    "size|cardinality(collection)",
    "fixed",
    "number of elements of an array or map; -1 for NULL (Spark's legacy default)",
    compileSize(-1),
  ],
  ["array_size(array)", "fixed", "number of elements of an array; NULL for NULL", compileSize(null)],
  [
    "element_at(array, i)",
    "input",
    ": 1-based element, negative from the end, NULL out of range (0 is an error); element_at(map, key)",
    compileElementAt(false),
  ],
  ["try_element_at(array, i)", "input", "like element_at, but index 0 gives NULL", compileElementAt(true)],
  ["get(array, i)", "input", ": 0-based element, NULL out of range", compileGet],
  ["sort_array(array[, asc=true])", "input", ": NULLs first ascending, last descending", compileSortArray],
  [
    "array_sort(array[, comparator])",
    "input",
    "array_sort(array[, (l, r) -> int]): ascending with NULLs last, or by a comparator",
    compileArraySort,
  ],
  [
    "array_contains(array, value)",
    "fixed",
    "whether the array contains the value (NULL when not found but the array has NULLs)",
    compileContains,
  ],
  [
    "array_position(array, value)",
    "fixed",
    "1-based position of the first occurrence of the value, 0 if absent",
    compileArrayWithValue(
      () => L,
      (arr, v, eq) => BigInt(arr.findIndex((x) => x !== null && eq(x, v)) + 1),
    ),
  ],
  [
    "array_remove(array, value)",
    "input",
    "the array without the elements equal to the value",
    compileArrayWithValue(DataTypes.array, (arr, v, eq) => arr.filter((x) => x === null || !eq(x, v))),
  ],
  ["array_max(array)", "input", "the largest non-NULL element", compileExtremum(1)],
  ["array_min(array)", "input", "the smallest non-NULL element", compileExtremum(-1)],
  [
    "array_join(array, delim[, nullReplacement])",
    "grows",
    ": joins the elements; NULLs are skipped unless replaced",
    compileArrayJoin,
  ],
  [
    "arrays_overlap(a, b)",
    "fixed",
    "whether two arrays share a non-NULL element (NULL when not, but either has NULLs)",
    compileArraysOverlap,
  ],
]);
