import planSchema from "../../../../schema/plan.schema.json" with { type: "json" };
import taskSchema from "../../../../schema/task.schema.json" with { type: "json" };
import unifiedSchema from "../../../../schema/unified.schema.json" with { type: "json" };
import validationSchema from "../../../../schema/validation.schema.json" with { type: "json" };

/**
 * What the editor documents and checks, read from the editor JSON Schemas under schema/:
 * those are generated (`npm run docs`, kept fresh by a test) from the loader's own key lists
 * and the one field-option table (src/model/field-option-table.ts) with each option's
 * documentation, the types it applies to, its default and an example. So the form offers
 * exactly the options `rowforge validate` accepts, with the text of docs/field-options.md.
 */

/** The subset of JSON Schema the generated schemas use. */
export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly anyOf?: readonly JsonSchema[];
  readonly enum?: readonly unknown[];
  readonly pattern?: string;
  readonly items?: JsonSchema;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly additionalProperties?: boolean | JsonSchema;
  readonly description?: string;
  readonly $ref?: string;
}

export type OptionGroup = "generator" | "helper" | "kept";

export interface OptionDoc {
  readonly name: string;
  /** The one line of documentation (what it does, applies to, default, example). */
  readonly doc: string;
  readonly group: OptionGroup;
  readonly schema: JsonSchema;
}

const defs = (taskSchema as { $defs: Record<string, JsonSchema> }).$defs;
const deref = (s: JsonSchema | undefined): JsonSchema | undefined =>
  s?.$ref ? defs[s.$ref.replace("#/$defs/", "")] : s;
const propsOf = (s: JsonSchema | undefined) => deref(s)?.properties ?? {};

const groupOf = (doc: string): OptionGroup =>
  doc.startsWith("helper,") ? "helper" : doc.startsWith("kept for connectors") ? "kept" : "generator";

/** Every key of a field's `options`, in the table's order: generators first, then helpers, then kept keys. */
export const FIELD_OPTIONS: readonly OptionDoc[] = Object.entries(propsOf(defs.fieldOptions)).map(
  ([name, schema]) => ({
    name,
    doc: schema.description ?? "",
    group: groupOf(schema.description ?? ""),
    schema,
  }),
);
export const FIELD_OPTION_BY_NAME: ReadonlyMap<string, OptionDoc> = new Map(
  FIELD_OPTIONS.map((o) => [o.name, o]),
);

/** Keys of the other objects the form edits, each with its documentation when the schema has one. */
export interface KeyDoc {
  readonly name: string;
  readonly doc: string;
  readonly schema: JsonSchema;
}
const keysOf = (s: JsonSchema | undefined): readonly KeyDoc[] =>
  Object.entries(propsOf(s)).map(([name, schema]) => ({ name, doc: schema.description ?? "", schema }));

export const FIELD_KEYS = keysOf(defs.field);
export const STEP_KEYS = keysOf(defs.step);
export const COUNT_KEYS = keysOf(defs.count);
export const PER_FIELD_KEYS = keysOf(propsOf(defs.count).perField);
/** Keys of `count.options` and `count.perField.options` (the distribution of rows per value). */
export const COUNT_OPTION_KEYS = keysOf(propsOf(defs.count).options);
export const FOREIGN_KEY_KEYS = keysOf(defs.foreignKey);
const generateItem = deref(propsOf(defs.foreignKey).generate)?.items;
export const FOREIGN_KEY_TARGET_KEYS = keysOf(generateItem);

const planProps = (planSchema as { properties: Record<string, JsonSchema> }).properties;
export const PLAN_KEYS = keysOf({ properties: planProps });
export const PLAN_TASK_KEYS = keysOf(planProps.tasks?.items);

const validationDefs = (validationSchema as { $defs: Record<string, JsonSchema> }).$defs;
/** Keys of one validation (expr, field checks, group by, upstream, field names). */
export const VALIDATION_KEYS = keysOf(validationDefs.validation);

/** Field check types (`validation: [{type: ...}]`) as the validation reader accepts them. */
export const FIELD_CHECK_TYPES: readonly string[] = (deref(
  propsOf(propsOf(validationDefs.validation).validation?.items).type,
)?.enum ?? []) as string[];

const unifiedProps = (unifiedSchema as { properties: Record<string, JsonSchema> }).properties;
/** POST /plan's `configuration` names `flags` and `folders` `flag` and `folder` (as Data Caterer's UI sends them). */
const REQUEST_SECTION: Readonly<Record<string, string>> = { flags: "flag", folders: "folder" };

/** The run configuration's sections as POST /plan's `configuration` takes them, with their keys and defaults. */
export const CONFIGURATION_SECTIONS: Readonly<Record<string, readonly KeyDoc[]>> = Object.fromEntries(
  Object.entries(propsOf(unifiedProps.config)).map(([name, section]) => [
    REQUEST_SECTION[name] ?? name,
    keysOf(section),
  ]),
);

/** Type names offered by the field type picker; any Spark DDL type may be typed instead. */
export const TYPE_CHOICES = [
  "string",
  "int",
  "long",
  "short",
  "byte",
  "double",
  "float",
  "decimal(10,2)",
  "boolean",
  "date",
  "timestamp",
  "binary",
  "struct",
  "array<string>",
  "array<struct>",
  "map<string,string>",
] as const;
