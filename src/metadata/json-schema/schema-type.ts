import { TYPED_FORMATS } from "./schema-formats.ts";
import type { SchemaObject } from "./schema-types.ts";

/** The JSON type a property's schema gives its values (stated, or read from its const, enum or keywords), and whether null is allowed. */
export function typeOf(s: SchemaObject): { type: string; allowsNull: boolean } {
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : [];
  const allowsNull = types.includes("null") || s.nullable === true;
  const given = types.find((t) => t !== "null");
  // OpenAPI's integer formats on a number: whole numbers.
  if (given === "number" && (s.format === "int32" || s.format === "int64"))
    return { type: "integer", allowsNull };
  if (given) return { type: given, allowsNull };
  const sample = s.const ?? (Array.isArray(s.enum) ? s.enum.find((v) => v !== null) : undefined);
  if (sample !== undefined)
    return {
      type: typeof sample === "number" ? (Number.isInteger(sample) ? "integer" : "number") : typeof sample,
      allowsNull,
    };
  if (s.properties !== undefined) return { type: "object", allowsNull };
  if (s.items !== undefined || s.prefixItems !== undefined) return { type: "array", allowsNull };
  if (s.minimum !== undefined || s.maximum !== undefined) return { type: "number", allowsNull };
  return { type: types.includes("null") ? "null" : "string", allowsNull };
}

/** The rowforge type of a scalar JSON type: int or long by the range, double, boolean, a typed format or string. */
export function scalarType(type: string, s: SchemaObject): string {
  if (type === "integer") {
    const big = [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum].some(
      (v) => typeof v === "number" && Math.abs(v) > 2 ** 31 - 1,
    );
    return big || s.format === "int64" ? "long" : "int";
  }
  if (type === "number") return "double";
  if (type === "boolean") return "boolean";
  return TYPED_FORMATS[String(s.format)] ?? "string";
}
