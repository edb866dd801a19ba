import type { DataType as ArrowType, Decimal } from "apache-arrow";
import { rowforgeKindOf } from "../../formats/arrow-values/rowforge-kind.ts";
import { MYSQL_TYPES } from "./mysql-type-table.ts";

/** The MySQL/MariaDB column type for a column of rowforge's batches: its type table's column (mysql-type-table.ts; its notes in parentheses dropped). */
export function mysqlColumnType(t: ArrowType): string {
  const kind = rowforgeKindOf(t);
  if (kind === "decimal") {
    const d = t as Decimal;
    return `decimal(${d.precision},${d.scale})`;
  }
  return MYSQL_TYPES.columns[kind].replace(/ \(.*$/, "");
}
