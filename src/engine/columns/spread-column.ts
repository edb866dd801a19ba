import { uint8s } from "../../util/small-arrays.ts";
import type { Column, ListColumn, MapColumn, ScalarColumn, StructColumn } from "./column.ts";

/**
 * Writes the rows of `dense` (one per entry of `rows`, in order) into `out` at rows `rows[j]`,
 * and marks every other row of `out` null. Both columns have the same type; `out` is freshly
 * allocated. Lists and maps keep `dense`'s elements, keys and values as they are (a null row
 * has none); a struct's children are spread the same way. Lets a mostly-null field generate
 * values for its non-null rows only.
 */
export function spreadColumn(dense: Column, rows: Int32Array, out: Column): void {
  const n = out.length;
  const nulls = uint8s(n).fill(1);
  const denseNulls = dense.nulls;
  if (denseNulls === undefined) for (let j = 0; j < rows.length; j++) nulls[rows[j]!] = 0;
  else for (let j = 0; j < rows.length; j++) nulls[rows[j]!] = denseNulls[j]!;
  out.nulls = nulls;
  switch (out.shape) {
    case "scalar": {
      const from = (dense as ScalarColumn).values as ArrayLike<unknown>;
      const to = out.values as { [i: number]: unknown };
      for (let j = 0; j < rows.length; j++) to[rows[j]!] = from[j]!;
      return;
    }
    case "struct": {
      const from = (dense as StructColumn).children;
      out.children.forEach((child, k) => {
        spreadColumn(from[k]!, rows, child);
      });
      return;
    }
    case "list":
    case "map": {
      const d = dense as ListColumn | MapColumn;
      const offsets = out.offsets;
      let row = 0;
      for (let j = 0; j < rows.length; j++) {
        const r = rows[j]!;
        while (row < r) offsets[++row] = d.offsets[j]!;
        offsets[++row] = d.offsets[j + 1]!;
      }
      while (row < n) offsets[++row] = d.offsets[rows.length]!;
      if (out.shape === "list") out.element = (d as ListColumn).element;
      else {
        out.keys = (d as MapColumn).keys;
        out.values = (d as MapColumn).values;
      }
      return;
    }
  }
}
