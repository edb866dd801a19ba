import type { DataType as ArrowType, Decimal } from "apache-arrow";
import { rowforgeKindOf } from "../../formats/arrow-values/rowforge-kind.ts";
import { TYPE_MAPPING } from "../../formats/type-mapping.ts";

/** The MySQL/MariaDB column type for a column of rowforge's batches: TYPE_MAPPING's `mysql` row (its notes in parentheses dropped). */
export function mysqlColumnType(t: ArrowType): string {
  const kind = rowforgeKindOf(t);
  if (kind === "decimal") {
    const d = t as Decimal;
    return `decimal(${d.precision},${d.scale})`;
  }
  return TYPE_MAPPING[kind].mysql.replace(/ \(.*$/, "");
}
