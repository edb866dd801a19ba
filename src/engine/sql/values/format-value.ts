/**
 * Writes non-null values as text the way Spark's CAST(x AS STRING) does. Inside arrays, maps and
 * structs a NULL is written `null` and strings are written without quotes.
 */
import type { DataType } from "../../../model/data-type.ts";
import { formatDate, formatTimestamp } from "../../../util/calendar.ts";
import type { SqlValue } from "../sql-contract.ts";
import { decimalToString } from "./decimal.ts";
import { javaDoubleToString, javaFloatToString } from "./java-number-format.ts";

export type ValueFormatter = (v: SqlValue) => string;

const utf8 = new TextDecoder("utf-8");

/** A formatter for non-null values of type `t`. */
export function compileFormatter(t: DataType): ValueFormatter {
  switch (t.kind) {
    case "string":
      return (v) => v as string;
    case "int":
    case "short":
    case "byte":
    case "long":
      return (v) => String(v);
    case "double":
      return (v) => javaDoubleToString(v as number);
    case "float":
      return (v) => javaFloatToString(v as number);
    case "decimal": {
      const scale = t.scale;
      return (v) => decimalToString(v as bigint, scale);
    }
    case "boolean":
      return (v) => (v ? "true" : "false");
    case "date":
      return (v) => formatDate(v as number);
    case "timestamp":
      return (v) => formatTimestamp(v as number);
    case "binary":
      return (v) => utf8.decode(v as Uint8Array);
    case "array": {
      const element = nested(t.element);
      return (v) => `[${(v as readonly SqlValue[]).map(element).join(", ")}]`;
    }
    case "map": {
      const key = nested(t.key);
      const value = nested(t.value);
      return (v) => {
        const parts: string[] = [];
        for (const [k, x] of v as ReadonlyMap<SqlValue, SqlValue>) parts.push(`${key(k)} -> ${value(x)}`);
        return `{${parts.join(", ")}}`;
      };
    }
    case "struct": {
      const fields = t.fields.map((f) => ({ name: f.name, format: nested(f.type) }));
      return (v) => {
        const record = v as { readonly [field: string]: SqlValue };
        return `{${fields.map((f) => f.format(record[f.name] ?? null)).join(", ")}}`;
      };
    }
  }
}

function nested(t: DataType): ValueFormatter {
  const inner = compileFormatter(t);
  return (v) => (v === null ? "null" : inner(v));
}
