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

function resolveUncached(field: Field): DataType {
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
