import catalogue from "./editor-catalogue.json" with { type: "json" };

/**
 * What the editor documents and checks, from editor-catalogue.json: `npm run docs` writes it
 * from the editor JSON Schemas under schema/, which are rendered from the loader's own key lists
 * and the one field-option table (src/model/field-option-table.ts) with each option's
 * documentation, the types it applies to, its default and an example. So the form offers
 * exactly the options `rowforge validate` accepts, with the text of docs/field-options.md.
 * (Browser code imports no runtime code from outside src/ui, hence the generated copy; a test
 * keeps it fresh.)
 */

/** The subset of JSON Schema the generated schemas use. */
export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly anyOf?: readonly JsonSchema[];
  readonly enum?: readonly unknown[];
  readonly pattern?: string;
  readonly items?: JsonSchema;
  readonly description?: string;
}

export type OptionGroup = "generator" | "helper" | "kept";

export interface OptionDoc {
  readonly name: string;
  /** The one line of documentation (what it does, applies to, default, example). */
  readonly doc: string;
  readonly group: OptionGroup;
  readonly schema: JsonSchema;
}

/** A key of another object the form edits, with its documentation when the schema has one. */
export interface KeyDoc {
  readonly name: string;
  readonly doc: string;
}

const groupOf = (doc: string): OptionGroup =>
  doc.startsWith("helper,") ? "helper" : doc.startsWith("kept for connectors") ? "kept" : "generator";

/** Every key of a field's `options`, in the table's order: generators first, then helpers, then kept keys. */
export const FIELD_OPTIONS: readonly OptionDoc[] = Object.entries(
  catalogue.fieldOptions as Record<string, JsonSchema>,
).map(([name, schema]) => ({
  name,
  doc: schema.description ?? "",
  group: groupOf(schema.description ?? ""),
  schema,
}));
export const FIELD_OPTION_BY_NAME: ReadonlyMap<string, OptionDoc> = new Map(
  FIELD_OPTIONS.map((o) => [o.name, o]),
);

export const FIELD_KEYS: readonly KeyDoc[] = catalogue.fieldKeys;
export const STEP_KEYS: readonly KeyDoc[] = catalogue.stepKeys;
export const COUNT_KEYS: readonly KeyDoc[] = catalogue.countKeys;
/** Keys of `count.options` and `count.perField.options` (the distribution of rows per value). */
export const COUNT_OPTION_KEYS: readonly KeyDoc[] = catalogue.countOptionKeys;
export const FOREIGN_KEY_TARGET_KEYS: readonly KeyDoc[] = catalogue.foreignKeyTargetKeys;
/** Keys of one validation (expr, field checks, group by, upstream, field names). */
export const VALIDATION_KEYS: readonly KeyDoc[] = catalogue.validationKeys;
/** Field check types (`validation: [{type: ...}]`) as the validation reader accepts them. */
export const FIELD_CHECK_TYPES: readonly string[] = catalogue.checkTypes;
/** The parameters a field check takes besides its type, as the validation reader accepts them. */
export const FIELD_CHECK_PARAMS: readonly KeyDoc[] = catalogue.checkParamKeys;
/** The run configuration's sections as POST /plan's `configuration` takes them, with their keys and defaults. */
export const CONFIGURATION_SECTIONS: Readonly<Record<string, readonly KeyDoc[]>> = catalogue.configuration;
/** Spark type names and their aliases, as the loader reads a field's type (case-insensitive). */
export const TYPE_NAMES: readonly string[] = catalogue.typeNames;

/**
 * Type names offered by the field type picker: the loader's primitive types, then a decimal and
 * the nested shapes as examples; any Spark DDL type may be typed instead.
 */
export const TYPE_CHOICES: readonly string[] = [
  ...catalogue.primitiveTypes,
  "decimal(10,2)",
  "struct",
  "array<string>",
  "array<struct>",
  "map<string,string>",
];
