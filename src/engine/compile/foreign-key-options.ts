import type { Nullability } from "../../model/foreign-key.ts";
import { type Column, markNull } from "../columns/column.ts";
import type { RowRandom } from "../rng/index.ts";

/*
 * What a foreign key's options do to the parent values it copies: its generation mode
 * (all-combinations makes some invalid) and its nullability (some rows null).
 */

/** all-combinations: row r makes key field k invalid when bit k of (r mod 2^fields) is set. */
export function invalidateByPattern(col: Column, rows: Float64Array, k: number, fields: number): void {
  if (col.shape !== "scalar") return;
  const period = 2 ** fields;
  for (let i = 0; i < rows.length; i++) {
    if (((rows[i]! % period) >> k) & 1) {
      const values = col.values;
      if (Array.isArray(values) && typeof values[i] === "string")
        (values as string[])[i] = `INVALID_${values[i]}`;
      else if (values instanceof Float64Array || values instanceof Int32Array) values[i] = -values[i]! - 1;
    }
  }
}

/** A foreign key's nullability: the rows at its head, its tail or drawn at random (nullPercentage of them) are null. */
export function applyNullability(
  col: Column,
  rows: Float64Array,
  n: Nullability | undefined,
  total: number,
  rnd: RowRandom,
): void {
  if (!n || n.nullPercentage <= 0) return;
  const cut = Math.round(n.nullPercentage * total);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const isNull =
      n.strategy === "head"
        ? r < cut
        : n.strategy === "tail"
          ? r >= total - cut
          : rnd.at(r).float() < n.nullPercentage;
    if (isNull) markNull(col, i);
  }
}
