import { type DataType as ArrowType, DataType } from "apache-arrow";
import type { DataTypeKind } from "../../model/data-type.ts";

/** The rowforge type kind an Arrow type of rowforge's batches stands for (src/engine/columns/to-arrow.ts). */
export function rowforgeKindOf(t: ArrowType): DataTypeKind {
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
