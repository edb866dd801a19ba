/**
 * JSON Schemas of the files users write (task, legacy plan, unified plan, validation), for
 * editors: the YAML language server completes keys, shows each option's documentation and
 * underlines unknown keys. Built from the same key lists and option table the loader checks
 * against, so the editor and `rowforge validate` agree on what a key is.
 */

import {
  CHECK_PARAM_KEYS,
  COUNT_KEYS,
  COUNT_OPTION_KEYS,
  DATA_SOURCE_KEYS,
  FIELD_CHECK_TYPES,
  FIELD_KEYS,
  FK_KEYS,
  FK_LEVEL_TARGET_KEYS,
  HELPER_OPTION_NAMES,
  HELPER_RULES,
  PER_FIELD_KEYS,
  PLAN_KEYS,
  RELATION_KEYS,
  SINK_KEYS,
  STEP_KEYS,
  TASK_KEYS,
  TASK_SUMMARY_KEYS,
  TRANSFORMATION_KEYS,
  UNIFIED_KEYS,
  VALIDATION_KEYS,
  WAIT_KEYS,
} from "../../src/config/index.ts";
import {
  FIELD_OPTION_TABLE,
  type FieldOptionRow,
  FLAG_DEFAULTS,
  FOLDER_KEYS,
  GENERATION_DEFAULTS,
  METADATA_DEFAULTS,
  type OptionKind,
  PASS_THROUGH_OPTION_KEYS,
  TRANSFORMATION_MODES,
  VALIDATION_DEFAULTS,
} from "../../src/model/index.ts";

type Schema = Record<string, unknown>;

/** Text as users write scalars in YAML: the loader accepts numbers and booleans as text too. */
const scalar: Schema = { type: ["string", "number", "boolean"] };
const numberLike: Schema = {
  anyOf: [{ type: "number" }, { type: "string", pattern: "^\\s*-?[0-9.eE+]+\\s*$" }],
};
const integerLike: Schema = {
  anyOf: [{ type: "integer" }, { type: "string", pattern: "^\\s*-?[0-9]+\\s*$" }],
};
const booleanLike: Schema = {
  anyOf: [{ type: "boolean" }, { enum: ["true", "false", "TRUE", "FALSE", "True", "False"] }],
};
const listOrText = (items: Schema): Schema => ({ anyOf: [{ type: "array", items }, { type: "string" }] });

const KIND_SCHEMAS: Readonly<Record<OptionKind, Schema>> = {
  string: { type: "string" },
  number: numberLike,
  integer: integerLike,
  count: integerLike,
  boolean: booleanLike,
  probability: numberLike,
  bound: { type: ["string", "number"] },
  weightedList: listOrText(scalar),
  scalarList: listOrText(scalar),
  scalar,
  seed: { type: ["string", "number"] },
  distribution: { enum: ["uniform", "normal", "exponential"] },
};

/** An object with exactly these keys: the editor underlines any other. */
function closed(
  keys: readonly string[],
  properties: Readonly<Record<string, Schema>>,
  extra: Schema = {},
): Schema {
  const props: Record<string, Schema> = {};
  for (const k of keys) props[k] = properties[k] ?? {};
  return { type: "object", properties: props, additionalProperties: false, ...extra };
}

const described = (description: string, schema: Schema = {}): Schema => ({ description, ...schema });

function fieldOptions(): Schema {
  const props: Record<string, Schema> = {};
  for (const [key, spec] of Object.entries<FieldOptionRow>(FIELD_OPTION_TABLE)) {
    props[key] = {
      ...KIND_SCHEMAS[spec.kind],
      description: `${spec.doc}. Applies to ${spec.appliesTo}${spec.default ? `; default ${spec.default}` : ""}. Example: ${spec.example}`,
    };
  }
  for (const rule of HELPER_RULES) {
    if (rule.kind !== "option" || props[rule.rule.name]) continue;
    props[rule.rule.name] = { description: `helper, expanded at load time: ${rule.rule.hint}` };
  }
  for (const key of PASS_THROUGH_OPTION_KEYS) {
    props[key] ??= { description: "kept for connectors and metadata sources; no effect on generated values" };
  }
  for (const key of HELPER_OPTION_NAMES) props[key] ??= { description: "helper, expanded at load time" };
  return { type: "object", properties: props, additionalProperties: false };
}

function definitions(): Record<string, Schema> {
  const relation = closed(RELATION_KEYS, {
    dataSource: described("data source name (a task's dataSourceName)", { type: "string" }),
    step: described("step name", { type: "string" }),
    fields: described("field names (nested with dots)", { type: "array", items: { type: "string" } }),
  });
  const target = closed([...RELATION_KEYS, ...FK_LEVEL_TARGET_KEYS], {
    ...(relation.properties as Record<string, Schema>),
    cardinality: described("children per parent: {ratio} or {min, max, distribution}", { type: "object" }),
    nullability: described("share of children without a parent: {nullPercentage, strategy}", {
      type: "object",
    }),
    generationMode: described("all-exist (default), partial or all-combinations", { type: "string" }),
  });
  return {
    field: closed(FIELD_KEYS, {
      name: described("field name", { type: "string" }),
      type: described(
        "Spark DDL type: string (default), int, long, double, decimal(p,s), date, timestamp, boolean, binary, array<T>, map<K,V>, struct<...>",
        { type: "string" },
      ),
      options: { $ref: "#/$defs/fieldOptions" },
      nullable: described("whether the column may hold nulls (default true)", booleanLike),
      static: described("always this value", scalar),
      fields: described("nested fields: a struct, or an array of structs when the type starts with array", {
        type: "array",
        items: { $ref: "#/$defs/field" },
      }),
    }),
    fieldOptions: fieldOptions(),
    count: closed(COUNT_KEYS, {
      records: described("rows of the step (default 1000)", integerLike),
      perField: closed(PER_FIELD_KEYS, {
        fieldNames: described("fields whose values get several rows each", {
          type: "array",
          items: { type: "string" },
        }),
        count: described("rows per value", integerLike),
        options: closed(COUNT_OPTION_KEYS, {}),
      }),
      options: closed(COUNT_OPTION_KEYS, {}),
      duration: described("how long a rate-driven step runs, e.g. 1m", { type: "string" }),
      rate: described("rows per rateUnit", numberLike),
      rateUnit: described("second (default), minute, hour", { type: "string" }),
      pattern: described("load pattern: {type: constant|ramp|spike|stepped|wave|breakingPoint, ...}", {
        type: "object",
      }),
    }),
    step: closed(STEP_KEYS, {
      name: described("step name, unique in its task", { type: "string" }),
      type: described("output format or connector: json, csv, parquet, orc, ...", { type: "string" }),
      count: { $ref: "#/$defs/count" },
      options: described(
        "step options: path, saveMode, partitions, partitionBy, header, compression, ... (merged over the connection's)",
        { type: "object" },
      ),
      fields: { type: "array", items: { $ref: "#/$defs/field" } },
      enabled: booleanLike,
      transformation: closed(TRANSFORMATION_KEYS, {
        className: described("a module in the transformations folder, optionally #exportName", {
          type: "string",
        }),
        mode: { enum: [...TRANSFORMATION_MODES] },
      }),
      validations: described("validations of this step's data (unified files)", {
        type: "array",
        items: { $ref: "#/$defs/validation" },
      }),
    }),
    foreignKey: closed([...FK_KEYS, ...FK_LEVEL_TARGET_KEYS], {
      source: relation,
      generate: { type: "array", items: target },
      delete: { type: "array", items: relation },
      ...(target.properties as Record<string, Schema>),
    }),
    sinkOptions: closed(SINK_KEYS, {
      seed: described("the plan's seed: the same seed gives the same data", { type: ["string", "number"] }),
      locale: described("Datafaker locale, e.g. en, de, fr", { type: "string" }),
      foreignKeys: { type: "array", items: { $ref: "#/$defs/foreignKey" } },
    }),
    validation: {
      type: "object",
      properties: {
        ...Object.fromEntries([...VALIDATION_KEYS, ...CHECK_PARAM_KEYS].map((k) => [k, {}] as const)),
        validation: described("the field's checks: [{type, value, min, max, negate, ...}]", {
          type: "array",
          items: {
            type: "object",
            properties: {
              ...Object.fromEntries(CHECK_PARAM_KEYS.map((k) => [k, {}] as const)),
              type: described("the check", { enum: [...FIELD_CHECK_TYPES] }),
            },
          },
        }),
      },
      additionalProperties: false,
    },
    waitCondition: closed(WAIT_KEYS, {}),
  };
}

/** The run configuration's sections with their keys and defaults (`config` of a unified file, `configuration` of POST /plan). */
function configSections(): Record<string, Schema> {
  const section = (entries: readonly (readonly [string, Schema])[]): Schema => ({
    type: "object",
    properties: Object.fromEntries(entries),
  });
  const withDefault = (defaults: Readonly<Record<string, unknown>>, kind: Schema) =>
    Object.keys(defaults).map((k) => [k, described(`default ${String(defaults[k])}`, kind)] as const);
  return {
    flags: section(withDefault(FLAG_DEFAULTS, booleanLike)),
    folders: section(FOLDER_KEYS.map((k) => [k, { type: "string" }] as const)),
    metadata: section(withDefault(METADATA_DEFAULTS, numberLike)),
    generation: section([
      ...withDefault(GENERATION_DEFAULTS, integerLike),
      ["numRecordsPerStep", described("rows of every step that gives none", integerLike)],
    ]),
    validation: section(withDefault(VALIDATION_DEFAULTS, scalar)),
    alert: section(
      ["triggerOn", "slackAlertConfig", "slackToken", "slackChannels"].map(
        (k) => [k, { type: "string" }] as const,
      ),
    ),
  };
}

const document = (id: string, title: string, root: Schema): Schema => ({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $comment: `rowforge ${id} file; generated by npm run docs`,
  title,
  ...root,
  $defs: definitions(),
});

function taskSchema(): Schema {
  return document(
    "task",
    "rowforge task file",
    closed(
      TASK_KEYS,
      {
        name: described("task name, as plans refer to it", { type: "string" }),
        steps: { type: "array", items: { $ref: "#/$defs/step" } },
      },
      { required: ["name", "steps"] },
    ),
  );
}

function planSchema(): Schema {
  return document(
    "plan",
    "rowforge plan file (tasks found in the task folder)",
    closed(
      PLAN_KEYS,
      {
        name: { type: "string" },
        description: { type: "string" },
        tasks: {
          type: "array",
          items: closed(TASK_SUMMARY_KEYS, {
            name: described("a task file's name", { type: "string" }),
            dataSourceName: described("the connection the task's steps write to", { type: "string" }),
            enabled: booleanLike,
          }),
        },
        sinkOptions: { $ref: "#/$defs/sinkOptions" },
      },
      { required: ["name", "tasks"] },
    ),
  );
}

function unifiedSchema(): Schema {
  return document(
    "unified",
    "rowforge unified plan file (data sources, connections and steps in one file)",
    closed(
      UNIFIED_KEYS,
      {
        name: { type: "string" },
        description: { type: "string" },
        config: described("run configuration: flags, folders, generation, validation, ...", {
          type: "object",
          properties: configSections(),
        }),
        dataSources: {
          type: "array",
          items: closed(DATA_SOURCE_KEYS, {
            name: { type: "string" },
            connection: closed(["type", "options"], {
              type: described("json, csv, parquet, orc, postgres, mysql, cassandra, kafka, http, ...", {
                type: "string",
              }),
              options: described("connection options (url, user, password: ${ENV_VAR}, path, ...)", {
                type: "object",
                additionalProperties: scalar,
              }),
            }),
            steps: { type: "array", items: { $ref: "#/$defs/step" } },
            enabled: booleanLike,
          }),
        },
        foreignKeys: { type: "array", items: { $ref: "#/$defs/foreignKey" } },
        sinkOptions: { $ref: "#/$defs/sinkOptions" },
      },
      { required: ["name", "dataSources"] },
    ),
  );
}

function validationSchema(): Schema {
  return document(
    "validation",
    "rowforge validation file",
    closed(
      ["name", "description", "dataSources"],
      {
        name: { type: "string" },
        description: { type: "string" },
        dataSources: described("validations per connection name", {
          type: "object",
          additionalProperties: {
            type: "array",
            items: closed(["options", "waitCondition", "validations"], {
              options: { type: "object", additionalProperties: scalar },
              waitCondition: { $ref: "#/$defs/waitCondition" },
              validations: { type: "array", items: { $ref: "#/$defs/validation" } },
            }),
          },
        }),
      },
      { required: ["dataSources"] },
    ),
  );
}

/** The schemas by file name under schema/. */
export function renderJsonSchemas(): Record<string, string> {
  const text = (s: Schema) => `${JSON.stringify(s, null, 2)}\n`;
  return {
    "task.schema.json": text(taskSchema()),
    "plan.schema.json": text(planSchema()),
    "unified.schema.json": text(unifiedSchema()),
    "validation.schema.json": text(validationSchema()),
  };
}
