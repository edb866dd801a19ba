/**
 * Ordering, equality and set keys of SQL values by static type, on top of the compiler's
 * Spark orderings: NaN above every number and equal to itself, strings by code point, arrays
 * and structs element-wise with NULL first; maps cannot be ordered.
 */
import type { DataType } from "../../../model/data-type.ts";
import type { SqlValue } from "../sql-contract.ts";
import { compileEquality, compileOrdering, type Equality, type Ordering } from "../values/compare-values.ts";
import { sqlError } from "./function-errors.ts";

export type { Equality, Ordering };

/** Whether values of the type can be ordered (maps cannot, as in Spark). */
export const isOrderable = (t: DataType): boolean => compileOrdering(t) !== undefined;

/** The ordering of non-null values of type `t`, or an error naming the function. */
export function comparatorFor(t: DataType, fn: string): Ordering {
  const o = compileOrdering(t);
  if (o === undefined)
    throw sqlError(fn, "map values cannot be compared or sorted; use map_keys() or map_values() first");
  return o;
}

export const equalityFor = (t: DataType): Equality => compileEquality(t);

function canonical(t: DataType, v: SqlValue): unknown {
  if (v === null) return null;
  switch (t.kind) {
    case "long":
    case "decimal":
      return `${v as bigint}n`;
    case "binary":
      return Array.from(v as Uint8Array);
    case "array":
      return (v as readonly SqlValue[]).map((e) => canonical(t.element, e));
    case "map":
      return Array.from(v as ReadonlyMap<SqlValue, SqlValue>, ([k, x]) => [
        canonical(t.key, k),
        canonical(t.value, x),
      ]);
    case "struct":
      return t.fields.map((f) => canonical(f.type, (v as Record<string, SqlValue>)[f.name] ?? null));
    case "double":
    case "float":
      return Number.isNaN(v as number) ? "NaN" : Object.is(v, -0) ? 0 : v;
    default:
      return v;
  }
}

/**
 * A primitive standing for a value in JS Sets and Maps: the value itself for strings,
 * numbers, booleans and bigints (SameValueZero already equates NaN with NaN and -0 with 0), a
 * canonical string for binary and composite values.
 */
export function setKeyFor(t: DataType): (v: SqlValue) => unknown {
  if (isPrimitiveKeyType(t)) return (v) => v;
  return (v) => (v === null ? null : JSON.stringify(canonical(t, v)));
}

/** Whether JS Map lookup by the value itself is exact for keys of type `t`. */
export const isPrimitiveKeyType = (t: DataType): boolean =>
  t.kind !== "binary" && t.kind !== "array" && t.kind !== "map" && t.kind !== "struct";
