import { type DataType as ArrowType, DataType, type Decimal } from "apache-arrow";
import { TYPE_MAPPING } from "../../formats/type-mapping.ts";
import type { DataTypeKind } from "../../model/data-type.ts";

/** The rowforge type kind an Arrow type of rowforge's batches stands for (src/engine/columns/to-arrow.ts). */
function kindOf(t: ArrowType): DataTypeKind {
  if (DataType.isUtf8(t)) return "string";
  if (DataType.isInt(t)) {
    const bits = (t as { bitWidth: number }).bitWidth;
    return bits === 64 ? "long" : bits === 16 ? "short" : bits === 8 ? "byte" : "int";
  }
  if (DataType.isFloat(t)) return (t as { precision: number }).precision === 1 ? "float" : "double";
  if (DataType.isDecimal(t)) return "decimal";
  if (DataType.isBool(t)) return "boolean";
  if (DataType.isDate(t)) return "date";
  if (DataType.isTimestamp(t)) return "timestamp";
  if (DataType.isBinary(t)) return "binary";
  if (DataType.isList(t)) return "array";
  if (DataType.isMap(t)) return "map";
  return "struct";
}

/** The MySQL/MariaDB column type for a column of rowforge's batches: TYPE_MAPPING's `mysql` row (its notes in parentheses dropped). */
export function mysqlColumnType(t: ArrowType): string {
  const kind = kindOf(t);
  if (kind === "decimal") {
    const d = t as Decimal;
    return `decimal(${d.precision},${d.scale})`;
  }
  return TYPE_MAPPING[kind].mysql.replace(/ \(.*$/, "");
}
