import Type, { type Static, type TOptional, type TSchema } from "typebox";
import { FIELD_OPTION_TABLE } from "./field-option-table.ts";
import type { Immutable } from "./immutable.ts";
import type { WeightedValue as WeightedValueSchema } from "./scalars.ts";

type OptionalSchemas<T extends Readonly<Record<string, { readonly schema: TSchema }>>> = {
  -readonly [K in keyof T]: TOptional<T[K]["schema"]>;
};

/** Each row's schema as an optional property, in the table's order. */
function optionalSchemas<T extends Readonly<Record<string, { readonly schema: TSchema }>>>(
  table: T,
): OptionalSchemas<T> {
  const properties: Record<string, TSchema> = {};
  for (const [key, row] of Object.entries(table)) properties[key] = Type.Optional(row.schema);
  return properties as OptionalSchemas<T>;
}

/**
 * The normalised options of a field, derived from the option table (field-option-table.ts).
 * Users write them as strings, numbers, lists or comma-separated text; the loader turns them
 * into these types once. Keys the engine does not read but connectors or users may (e.g.
 * `isQueryParam`) are kept in `extra`.
 */
export const FieldOptions = Type.Object({
  ...optionalSchemas(FIELD_OPTION_TABLE),
  extra: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type FieldOptions = Immutable<Static<typeof FieldOptions>>;
export type WeightedValue = Immutable<Static<typeof WeightedValueSchema>>;
