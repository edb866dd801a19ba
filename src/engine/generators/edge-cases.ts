import type { DataType } from "../../model/data-type.ts";

type Scalar = string | number | boolean | null;

/** Values at the edges of each type, used by `enableEdgeCase`. */
export function edgeCasesOf(type: DataType): readonly Scalar[] {
  switch (type.kind) {
    case "int":
      return [-2147483648, 2147483647, 0, -1, 1];
    case "long":
      return [-9007199254740991, 9007199254740991, 0, -1, 1];
    case "short":
      return [-32768, 32767, 0, -1, 1];
    case "byte":
      return [-128, 127, 0, -1, 1];
    case "double":
      return [
        Number.NaN,
        Number.POSITIVE_INFINITY,
        Number.NEGATIVE_INFINITY,
        0,
        -0,
        Number.MAX_VALUE,
        Number.MIN_VALUE,
        -Number.MAX_VALUE,
      ];
    case "float":
      return [
        Number.NaN,
        Number.POSITIVE_INFINITY,
        Number.NEGATIVE_INFINITY,
        0,
        3.4028234663852886e38,
        1.401298464324817e-45,
      ];
    case "decimal":
      return [0, -1, 1];
    case "string":
      return ["", " ", "\u0000", "null", "NULL", "é日本語🙂", "'\"\\,;\n\t"];
    case "boolean":
      return [true, false];
    case "date":
      return ["0001-01-01", "1970-01-01", "9999-12-31", "2000-02-29"];
    case "timestamp":
      return ["0001-01-01 00:00:00", "1970-01-01 00:00:00", "9999-12-31 23:59:59", "2038-01-19 03:14:08"];
    default:
      return [];
  }
}
