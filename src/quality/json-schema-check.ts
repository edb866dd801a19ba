import { createRequire } from "node:module";
import type * as AjvCore from "ajv";
import type * as AjvDraft2019 from "ajv/dist/2019.js";
import type * as AjvDraft2020 from "ajv/dist/2020.js";
import type AjvFormats from "ajv-formats";
import { parseDocument, type ResourceAccess } from "../access/index.ts";
import type { SqlValue } from "../engine/index.ts";
import { isRowforgeError, RowforgeError } from "../errors/index.ts";
import type { DataType } from "../model/data-type.ts";
import type { Validation } from "../model/validation.ts";
import { collectionJson, jsonSafe } from "./batch-rows.ts";

/** Why a value fails a JSON Schema (ajv's message, with where in the value), or undefined when it matches. */
export type JsonSchemaTest = (v: SqlValue, type: DataType) => string | undefined;

/**
 * A `matchJsonSchema` check's schema, compiled once: a JSON Schema given inline (an object, or
 * JSON text) or read from its file beforehand (withSchemaFiles puts it in `schema`, its name in
 * `schemaName`), validated with ajv and ajv-formats (draft-07 by default; 2019-09 and 2020-12
 * by `$schema`). Undefined when `schema` is Data Caterer's Spark DDL (`id STRING, amount
 * DOUBLE`): the caller checks keys. No file is read here: a file not read yet (a dry run)
 * gives a check that fails every value saying so.
 */
export function jsonSchemaOf(
  field: string,
  options: Readonly<Record<string, unknown>>,
): { test: JsonSchemaTest; description: string } | undefined {
  const where = `matchJsonSchema on "${field}"`;
  const file = schemaFileOf(options);
  let schema: unknown;
  let named: string;
  if (file !== undefined) {
    return {
      description: `${field} matches JSON Schema ${file}`,
      test: () => `the schema file ${file} was not read`,
    };
  }
  if (options.schema !== null && typeof options.schema === "object") {
    schema = options.schema;
    named = typeof options.schemaName === "string" ? `JSON Schema ${options.schemaName}` : "a JSON Schema";
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

/** The file a matchJsonSchema check names: `schemaFile`, or a `schema` naming a `.json` file. */
export function schemaFileOf(options: Readonly<Record<string, unknown>>): string | undefined {
  if (typeof options.schemaFile === "string") return options.schemaFile;
  if (typeof options.schema === "string" && /\.json\s*$/i.test(options.schema)) return options.schema.trim();
  return undefined;
}

/** The JSON Schema files a validation's matchJsonSchema checks name (nested validations too). */
export function schemaFiles(v: Validation): string[] {
  const own = v.checks
    .filter((c) => c.type === "matchJsonSchema")
    .map((c) => schemaFileOf(c.options))
    .filter((f): f is string => f !== undefined);
  return [...own, ...v.nested.flatMap(schemaFiles)];
}

/**
 * The validation with the JSON Schema files its matchJsonSchema checks name read through the
 * access rules and put in place of the names (`schema`, `schemaName`): compiling it reads no
 * file. A file that cannot be read is RF_VALIDATION_SCHEMA_INVALID (a refused one keeps its
 * RF_PATH_NOT_ALLOWED); a syntax error says where, never what the file holds.
 */
export async function withSchemaFiles(v: Validation, access: ResourceAccess): Promise<Validation> {
  if (schemaFiles(v).length === 0) return v;
  const where = `matchJsonSchema on "${v.field ?? ""}"`;
  const checks = await Promise.all(
    v.checks.map(async (c) => {
      const file = c.type === "matchJsonSchema" ? schemaFileOf(c.options) : undefined;
      if (file === undefined) return c;
      let text: string;
      try {
        text = (await access.readText(file, `${where}: schemaFile`)).text;
      } catch (e) {
        if (!isRowforgeError(e) || e.code === "RF_PATH_NOT_ALLOWED") throw e;
        const why = e.code === "RF_FILE_NOT_FOUND" ? "it does not exist" : e.message;
        throw new RowforgeError(
          "RF_VALIDATION_SCHEMA_INVALID",
          `${where}: cannot read the schema file ${file}: ${why}`,
        );
      }
      const schema = parseDocument(text, `${where}: the schema file ${file}`, {
        json: true,
        code: "RF_VALIDATION_SCHEMA_INVALID",
      });
      const { schemaFile: _file, ...options } = c.options;
      return { ...c, options: { ...options, schema, schemaName: file } };
    }),
  );
  const nested = await Promise.all(v.nested.map((n) => withSchemaFiles(n, access)));
  return { ...v, checks, nested };
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

interface AjvModules {
  readonly Ajv: typeof AjvCore.Ajv;
  readonly Ajv2019: typeof AjvDraft2019.Ajv2019;
  readonly Ajv2020: typeof AjvDraft2020.Ajv2020;
  readonly addFormats: typeof AjvFormats.default;
}
let ajvModules: AjvModules | undefined;

/** ajv and ajv-formats, loaded at the first JSON Schema compiled (plans without one never load them). */
function loadAjv(): AjvModules {
  if (ajvModules) return ajvModules;
  const require = createRequire(import.meta.url);
  ajvModules = {
    Ajv: (require("ajv") as typeof AjvCore).Ajv,
    Ajv2019: (require("ajv/dist/2019.js") as typeof AjvDraft2019).Ajv2019,
    Ajv2020: (require("ajv/dist/2020.js") as typeof AjvDraft2020).Ajv2020,
    addFormats: (require("ajv-formats") as typeof AjvFormats).default,
  };
  return ajvModules;
}

/** Compiled schemas by their text: one validator per distinct schema in a process. */
const compiled = new Map<string, AjvCore.ValidateFunction>();

function compile(schema: unknown, where: string): AjvCore.ValidateFunction {
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
  const { Ajv, Ajv2019, Ajv2020, addFormats } = loadAjv();
  const ajv = draft.includes("2020-12")
    ? new Ajv2020(options)
    : draft.includes("2019-09")
      ? new Ajv2019(options)
      : new Ajv(options);
  addFormats(ajv as never, { mode: "full" });
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
function errorText(errors: readonly AjvCore.ErrorObject[]): string {
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
    case "map":
      return collectionJson(v, type, jsonValue);
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
