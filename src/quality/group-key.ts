import type { SqlValue } from "../engine/index.ts";

/** Integers compare equal whatever their width (an int 5 and a long 5n are one key). */
const norm = (v: SqlValue): SqlValue =>
  typeof v === "bigint" && v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(v)
    : v;

/** The join key of a row (upstream joins): the value itself for one primitive field, else a text of all of them. */
export function keyOf(values: readonly SqlValue[]): unknown {
  if (values.length === 1) {
    const v = norm(values[0]!);
    if (v === null || typeof v !== "object") return v;
  }
  return values
    .map((raw) => {
      const v = norm(raw);
      return v === null
        ? "\u0000"
        : typeof v === "object"
          ? JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? `${x}n` : x))
          : `${typeof v}:${String(v)}`;
    })
    .join("\u0001");
}
