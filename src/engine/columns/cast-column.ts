import { type DataType, formatDataType } from "../../model/data-type.ts";
import { compileCast, type SqlValue } from "../sql/index.ts";
import type { Column } from "./column.ts";
import { columnFromValues, valueAt } from "./column-values.ts";

const casts = new Map<string, (v: SqlValue) => SqlValue>();

/** The column as `to` (Spark's cast of each value; a value that does not convert becomes null), or itself when it already is. */
export function castColumn(col: Column, to: DataType): Column {
  const from = formatDataType(col.type);
  const target = formatDataType(to);
  if (from === target) return col;
  const key = `${from}\u0000${target}`;
  let cast = casts.get(key);
  if (!cast) {
    cast = compileCast(col.type, to);
    casts.set(key, cast);
  }
  const out: SqlValue[] = new Array(col.length);
  for (let i = 0; i < col.length; i++) {
    const v = valueAt(col, i);
    out[i] = v === null ? null : cast(v);
  }
  return columnFromValues(to, out);
}
