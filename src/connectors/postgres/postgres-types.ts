import type { Field as ArrowField, DataType as ArrowType, Decimal } from "apache-arrow";
import { rowforgeKindOf } from "../../formats/arrow-values/rowforge-kind.ts";
import { POSTGRES_TYPES } from "./postgres-type-table.ts";

/** Lists of these become PostgreSQL arrays; lists of lists, maps or structs become jsonb. */
export function isPgArrayElement(t: ArrowType): boolean {
  const kind = rowforgeKindOf(t);
  return kind !== "array" && kind !== "map" && kind !== "struct";
}

/** The PostgreSQL column type for a column of rowforge's batches: its type table's column (postgres-type-table.ts). */
export function pgColumnType(t: ArrowType): string {
  const kind = rowforgeKindOf(t);
  if (kind === "decimal") {
    const d = t as Decimal;
    return `numeric(${d.precision},${d.scale})`;
  }
  if (kind === "array") {
    const element = (t.children as ArrowField[])[0]!.type;
    return isPgArrayElement(element) ? `${pgColumnType(element)}[]` : "jsonb";
  }
  return POSTGRES_TYPES.columns[kind];
}
