import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { SqlValue } from "../../engine/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { DataType } from "../../model/data-type.ts";
import { jsonSafe } from "./batch-rows.ts";

/** Why a value fails a JSON Schema (ajv's message, with where in the value), or undefined when it matches. */
export type JsonSchemaTest = (v: SqlValue, type: DataType) => string | undefined;

/**
 * A `matchJsonSchema` check's schema, compiled once: a JSON Schema given inline (an object, or
 * JSON text) or in a file (`schemaFile`, or a `schema` naming a `.json` file), validated with
 * ajv and ajv-formats (draft-07 by default; 2019-09 and 2020-12 by `$schema`). Undefined when
 * `schema` is Data Caterer's Spark DDL (`id STRING, amount DOUBLE`): the caller checks keys.
 */
export function jsonSchemaOf(
  field: string,
  options: Readonly<Record<string, unknown>>,
): { test: JsonSchemaTest; description: string } | undefined {
  const where = `matchJsonSchema on "${field}"`;
  const file =
    typeof options.schemaFile === "string"
      ? options.schemaFile
      : typeof options.schema === "string" && /\.json\s*$/i.test(options.schema)
        ? options.schema.trim()
        : undefined;
  let schema: unknown;
  let named: string;
  if (file !== undefined) {
    const path = resolve(file);
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (e) {
      throw new RowforgeError(
        "RF_VALIDATION_SCHEMA_INVALID",
        `${where}: cannot read the schema file ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`,
      );
    }
    schema = parseJson(text, `${where}: the schema file ${path}`);
    named = `JSON Schema ${file}`;
  } else if (options.schema !== null && typeof options.schema === "object") {
    schema = options.schema;
    named = "a JSON Schema";
  } else if (typeof options.schema === "string" && /^\s*\{/.test(options.schema)) {
    schema = parseJson(options.schema, `${where}: the inline schema`);
    named = "a JSON Schema";
  } else return undefined;
  const validate = compile(schema, where);
  return {
    description: `${field} matches ${named}`,
    test: (v, type) => {
      if (v === null) return undefined;
      let value: unknown;
      if (typeof v === "string") {
        try {
          value = JSON.parse(v);
        } catch (e) {
          return `not JSON: ${e instanceof Error ? e.message : String(e)}`;
        }
      } else value = jsonValue(v, type);
      if (validate(value)) return undefined;
      return errorText(validate.errors ?? []);
    },
  };
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new RowforgeError(
      "RF_VALIDATION_SCHEMA_INVALID",
      `${what} is not JSON: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}

/** Compiled schemas by their text: one validator per distinct schema in a process. */
const compiled = new Map<string, ValidateFunction>();

function compile(schema: unknown, where: string): ValidateFunction {
  const key = JSON.stringify(schema);
  const known = compiled.get(key);
  if (known) return known;
  if (schema === null || (typeof schema !== "object" && typeof schema !== "boolean"))
    throw new RowforgeError("RF_VALIDATION_SCHEMA_INVALID", `${where}: the schema is not a JSON object`);
  const draft =
    typeof (schema as { $schema?: unknown }).$schema === "string"
      ? String((schema as { $schema: string }).$schema)
      : "";
  const options = { strict: false, allErrors: false, validateFormats: true } as const;
  const ajv = draft.includes("2020-12")
    ? new Ajv2020(options)
    : draft.includes("2019-09")
      ? new Ajv2019(options)
      : new Ajv(options);
  addFormats.default(ajv as never, { mode: "full" });
  // draft-04 and -06 schemas are read as draft-07 (their keywords are nearly all the same).
  const own =
    draft !== "" && /draft-0[46]/.test(draft) ? { ...(schema as object), $schema: undefined } : schema;
  try {
    const fn = ajv.compile(own as object);
    compiled.set(key, fn);
    return fn;
  } catch (e) {
    throw new RowforgeError(
      "RF_VALIDATION_SCHEMA_INVALID",
      `${where}: the JSON Schema does not compile: ${e instanceof Error ? e.message : String(e)}`,
      { hint: "fix the schema (ajv reads draft-07, 2019-09 and 2020-12)" },
    );
  }
}

/** ajv's first error as one line: `/amount must be >= 0`. */
function errorText(errors: readonly ErrorObject[]): string {
  const e = errors[0];
  if (!e) return "does not match the schema";
  return `${e.instancePath || "(root)"} ${e.message ?? "does not match"}${
    e.keyword === "additionalProperties"
      ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})`
      : ""
  }`;
}

/** A read value as a JSON document: numbers (decimals and longs too), ISO dates, objects for structs and maps. */
function jsonValue(v: SqlValue, type: DataType): unknown {
  if (v === null) return null;
  switch (type.kind) {
    case "long":
      return Number(v);
    case "decimal":
      return Number(jsonSafe(v, type));
    case "array":
      return (v as readonly SqlValue[]).map((x) => jsonValue(x, type.element));
    case "map":
      return Object.fromEntries(
        [...(v as ReadonlyMap<SqlValue, SqlValue>)].map(([k, x]) => [
          String(jsonSafe(k, type.key)),
          jsonValue(x, type.value),
        ]),
      );
    case "struct": {
      const o = v as Record<string, SqlValue>;
      // A null field is an absent key, as JSON writers leave it out (ignoreNullFields).
      return Object.fromEntries(
        type.fields.flatMap((f) => {
          const x = o[f.name] ?? null;
          return x === null ? [] : [[f.name, jsonValue(x, f.type)]];
        }),
      );
    }
    default:
      return jsonSafe(v, type);
  }
}
