/**
 * Spark's implicit casts of function arguments ("ImplicitCastInputTypes"): which argument types
 * a function silently converts to the type it expects, and the common type of several arguments.
 */
import { type DataType, isNumeric, sameDataType } from "../../../model/data-type.ts";
import type { SqlArg } from "../sql-contract.ts";
import { isAtomicType, widerCommonType } from "../types/common-types.ts";

/** A literal NULL: its static type carries no information, so any target accepts it. */
export const isNullLiteral = (a: SqlArg): boolean => a.constant !== undefined && a.constant.value === null;

const isDateTime = (t: DataType): boolean => t.kind === "date" || t.kind === "timestamp";

/** Whether Spark converts `from` to `to` silently when a function expects `to`. */
export function canImplicitCast(from: DataType, to: DataType): boolean {
  if (sameDataType(from, to)) return true;
  if (isNumeric(from) && isNumeric(to)) return true;
  if (from.kind === "string") return isNumeric(to) || isDateTime(to) || to.kind === "binary";
  if (to.kind === "string") return isAtomicType(from);
  if (isDateTime(from) && isDateTime(to)) return true;
  if (from.kind === "array" && to.kind === "array") return canImplicitCast(from.element, to.element);
  if (from.kind === "map" && to.kind === "map") {
    return canImplicitCast(from.key, to.key) && canImplicitCast(from.value, to.value);
  }
  if (from.kind === "struct" && to.kind === "struct") {
    return (
      from.fields.length === to.fields.length &&
      from.fields.every((f, i) => canImplicitCast(f.type, to.fields[i]!.type))
    );
  }
  return false;
}

/** Spark's wider type of two data types (string promotion included), or undefined. */
export function widerType(a: DataType, b: DataType): DataType | undefined {
  const t = widerCommonType(a, b);
  return t === undefined || t.kind === "null" || t.kind === "interval" ? undefined : t;
}

/**
 * The common type of several arguments (NULL literals ignored), or undefined when they have
 * none. All-NULL argument lists take the type of the first argument.
 */
export function commonArgType(args: readonly SqlArg[]): DataType | undefined {
  let t: DataType | undefined;
  for (const a of args) {
    if (isNullLiteral(a)) continue;
    t = t === undefined ? a.type : widerType(t, a.type);
    if (t === undefined) return undefined;
  }
  return t ?? args[0]?.type;
}
