import type { SchemaObject } from "./schema-types.ts";

/**
 * A tuple (`prefixItems`, draft-4 `items: [...]`) as an array rowforge generates, whose items
 * are all alike: no longer than minItems (or 1), its items meet the schemas of those
 * positions and the schema of the other items (`items` beside prefixItems, `additionalItems`)
 * too, so they are valid whether or not the validator reads prefixItems (a schema without
 * `$schema` is read as draft-07 by most).
 */
export function tupleAsList(s: SchemaObject): { s: SchemaObject; itemsRaw: unknown } {
  const tuple = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : undefined;
  if (!tuple) return { s, itemsRaw: s.items };
  const rest = Array.isArray(s.prefixItems) ? s.items : s.additionalItems;
  const length = Math.min(
    typeof s.maxItems === "number" ? s.maxItems : Number.POSITIVE_INFINITY,
    Math.max(1, typeof s.minItems === "number" ? s.minItems : 0),
  );
  const others = typeof rest === "object" && rest !== null ? [rest] : [];
  return { s: { ...s, maxItems: length }, itemsRaw: { allOf: [...tuple.slice(0, length), ...others] } };
}
