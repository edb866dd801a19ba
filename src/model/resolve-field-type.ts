import { RowforgeError } from "../errors/index.ts";
import { type DataType, DataTypes, type StructField } from "./data-type.ts";
import type { Field } from "./field.ts";
import { parseDataType } from "./parse-data-type.ts";

/**
 * The typed tree of a field: its DDL type, or a struct of its nested fields (an array of that
 * struct when the type is an array; for a map, the types of its `key` and `value` fields). The loader has already checked the strings, so a parse
 * failure here is a programming error.
 */
export function resolveFieldType(field: Field): DataType {
  let type = resolved.get(field);
  if (!type) {
    type = resolveUncached(field);
    resolved.set(field, type);
  }
  return type;
}

/** Fields are immutable, so each is resolved once however often plans holding it are compiled. */
const resolved = new WeakMap<Field, DataType>();

/**
 * An array of arrays or maps given its element's own field: one nested field `element` (with
 * the inner collection's options) under a type `array<array...>` / `array<map...>`.
 */
export function hasElementField(field: {
  readonly type?: unknown;
  readonly fields?: readonly { readonly name: string }[];
}): boolean {
  return (
    field.fields?.length === 1 &&
    field.fields[0]!.name === "element" &&
    typeof field.type === "string" &&
    /^\s*array\s*<\s*(array|map)\b/i.test(field.type)
  );
}

function resolveUncached(field: Field): DataType {
  if (hasElementField(field)) return DataTypes.array(resolveFieldType(field.fields[0]!));
  if (field.fields.length > 0 && field.type.toLowerCase().startsWith("map")) {
    const entry = (name: string) => field.fields.find((f) => f.name === name)!;
    return DataTypes.map(resolveFieldType(entry("key")), resolveFieldType(entry("value")));
  }
  if (field.fields.length > 0) {
    const struct = DataTypes.struct(
      field.fields.map(
        (f): StructField => ({ name: f.name, type: resolveFieldType(f), nullable: f.nullable }),
      ),
    );
    return field.type.toLowerCase().startsWith("array") ? DataTypes.array(struct) : struct;
  }
  const parsed = parseDataType(field.type);
  if (!parsed.ok)
    throw new RowforgeError(
      "RF_INTERNAL",
      `field "${field.name}" has an unchecked type "${field.type}": ${parsed.message}`,
    );
  return parsed.type;
}
