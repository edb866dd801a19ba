import type { RawField } from "../../config/index.ts";
import { schemaField } from "../json-schema/schema-field.ts";
import type { SchemaScope } from "../json-schema/schema-types.ts";
import type { ContractColumn } from "./contract-table.ts";

/** Array length of an array of objects with no bounds (the JSON Schema mapping's default). */
const DEFAULT_MAX_ITEMS = 5;

/**
 * The fields a table's columns are generated as: each column's value constraints go through
 * the JSON Schema mapping (patterns → regex, enums → oneOf, lengths, bounds, formats); the
 * physical type sets the field type JSON Schema cannot say (decimal(p,s), long, timestamp);
 * a unique or primary-key column gets `isUnique`; a map column a `map` field of its key and
 * value columns; an optional column is nullable, with some
 * nulls when `optionalNulls` (the contract allows them and the output writes them).
 */
export function contractFields(
  columns: readonly ContractColumn[],
  scope: SchemaScope,
  at: string,
  optionalNulls: boolean,
): RawField[] {
  return columns.map((c, i) => columnField(c, scope, `${at}/${i}`, optionalNulls));
}

function columnField(c: ContractColumn, scope: SchemaScope, at: string, optionalNulls: boolean): RawField {
  const nulls = !c.required && optionalNulls ? { enableNull: true, nullProb: 0.1 } : {};
  if (c.map) {
    const entries = [c.map.key, c.map.value].map((e, k) => columnField(e, scope, `${at}/${k}`, false));
    return {
      name: c.name,
      type: "map",
      nullable: !c.required,
      fields: entries,
      options: { mapMinSize: c.required ? 1 : 0, mapMaxSize: DEFAULT_MAX_ITEMS, ...nulls },
    };
  }
  if (c.fields !== undefined && c.fields.length > 0) {
    const fields = contractFields(c.fields, scope, `${at}/fields`, optionalNulls);
    if (!c.array)
      return {
        name: c.name,
        type: "struct",
        nullable: !c.required,
        fields,
        ...(Object.keys(nulls).length > 0 ? { options: nulls } : {}),
      };
    const min = c.minItems ?? (c.required ? 1 : 0);
    const max = c.maxItems ?? Math.max(min, DEFAULT_MAX_ITEMS);
    return {
      name: c.name,
      type: "array",
      nullable: !c.required,
      fields,
      options: { arrayMinLen: min, arrayMaxLen: max, ...nulls },
    };
  }
  const made = schemaField(c.name, c.schema, c.required, scope, [], at) ?? { name: c.name, type: "string" };
  const options: Record<string, unknown> = {
    ...((made.options as Record<string, unknown> | undefined) ?? {}),
  };
  let type = made.type;
  if (c.type !== undefined && isScalar(String(made.type))) {
    type = c.type;
    // A binary column has no text constraints to keep.
    if (c.type === "binary") for (const k of ["minLen", "maxLen", "regex"]) delete options[k];
  }
  if (c.unique) options.isUnique = true;
  Object.assign(options, made.static === undefined ? nulls : {});
  return {
    ...made,
    type,
    nullable: !c.required,
    ...(Object.keys(options).length > 0 ? { options } : {}),
  };
}

/** A field type the physical type may refine: not a list, a date or a list of values. */
const isScalar = (t: string): boolean =>
  ["string", "int", "long", "double", "boolean", "timestamp", "date"].includes(t);
