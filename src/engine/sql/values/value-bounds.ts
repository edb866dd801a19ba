/**
 * Static bounds of SQL values: the most bytes a value of an expression can take with all it
 * holds, counted as the row budget counts them (values/value-budget.ts). A run's batches are
 * sized with them (compile-derived.ts); Infinity means unknown.
 */

import { NUMERIC_KINDS } from "../../../model/data-type.ts";

/** The bytes counted for a value of a fixed-width type (numbers, dates, booleans). */
export const SCALAR_BYTES = 16;

const FIXED_WIDTH: ReadonlySet<string> = new Set([
  "null",
  "boolean",
  ...NUMERIC_KINDS,
  "date",
  "timestamp",
  "interval",
]);

/** The bound of a value known only by its type: SCALAR_BYTES for fixed-width types, else unknown (Infinity). */
export const widthBound = (type: { readonly kind: string }): number =>
  FIXED_WIDTH.has(type.kind) ? SCALAR_BYTES : Number.POSITIVE_INFINITY;

/** The bound of a string of at most `chars` characters. */
export const stringBound = (chars: number): number => 2 * chars;

const isCollection = (t: { readonly kind: string }): boolean =>
  t.kind === "array" || t.kind === "map" || t.kind === "struct";

/**
 * The most bytes a cast's value takes, from the most its operand's takes: a number or a date
 * as text takes at most 64 characters, text as UTF-8 bytes at most 3 a character, and a
 * collection rendered or converted at most 6 times its own bound (every element or value as
 * text, with its separators). Undefined for casts to fixed-width types.
 */
export function castBound(
  from: { readonly kind: string },
  to: { readonly kind: string },
  operand: number,
): number | undefined {
  if (to.kind !== "string" && to.kind !== "binary" && !isCollection(to)) return undefined;
  if (widthBound(from) !== Number.POSITIVE_INFINITY) return stringBound(64);
  if (from.kind === "string" || from.kind === "binary") return 2 * operand;
  return 6 * operand + stringBound(64);
}
