import { RowforgeError } from "../../errors/index.ts";
import type { MetadataSource } from "../metadata-source.ts";
import { stepLocation } from "../step-location.ts";
import { bundleRefs } from "./bundle-refs.ts";
import { jsonSchemaKind } from "./json-schema-kind.ts";
import { DOCUMENT_FIELDS, resolveSchema } from "./resolve-schema.ts";
import { objectFields } from "./schema-field.ts";

/**
 * JSON Schema (draft 4 to 2020-12) in a file (`jsonSchemaFile`, or `schemaLocation`): the root
 * object's properties become the step's fields, nested objects struct fields, arrays of
 * objects arrays of structs; constraints become generator options (schema-field.ts).
 */
export const jsonSchemaSource: MetadataSource = {
  ...jsonSchemaKind,
  async read(r, docs) {
    const { location, where } = stepLocation(r, jsonSchemaSource, "path of the schema file");
    const doc = await docs.read(location, where);
    const bundled = await bundleRefs(doc.value, doc.path, docs, where);
    // JSON leaves an optional property out: absent, not null, unless the step says otherwise.
    const absent = r.format === "json" && r.step.options.ignoreNullFields !== "false";
    const scope = {
      root: bundled,
      where: `${where}: JSON Schema ${doc.path}`,
      optionalAbsent: absent,
      fieldsLeft: { n: DOCUMENT_FIELDS },
    };
    const root = resolveSchema(bundled, scope, [], "");
    const fields = objectFields(root, scope, "#");
    if (fields.length === 0)
      throw new RowforgeError(
        "RF_METADATA_SCHEMA_INVALID",
        `${scope.where}: the root schema has no properties, so there are no fields to generate`,
        { hint: "the schema of a step's rows is an object with properties" },
      );
    return [{ name: r.step.name, fields, ...(absent ? { options: { ignoreNullFields: "true" } } : {}) }];
  },
};
