import type { RawField } from "../../src/config/index.ts";
import { resolveSchema } from "../../src/metadata/json-schema/resolve-schema.ts";
import { objectFields } from "../../src/metadata/json-schema/schema-field.ts";

/** The fields rowforge makes of an object schema, as a jsonSchema step's document `s.json` would give them. */
export function schemaFields(schema: Record<string, unknown>): RawField[] {
  const scope = { root: schema, where: 'step "s": JSON Schema s.json' };
  return objectFields(resolveSchema(schema, scope, [], ""), scope, "#");
}

/** The field of an object schema's one property `x`, required unless told otherwise. */
export const oneField = (property: unknown, required = true): RawField =>
  schemaFields({ type: "object", required: required ? ["x"] : [], properties: { x: property } })[0]!;
