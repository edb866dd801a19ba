import { Ajv, type ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import type { FastifySchemaCompiler } from "fastify";

/** Fastify's own settings for its validator (requests are checked, never trimmed of extra keys). */
const COMMON = {
  useDefaults: true,
  removeAdditional: false,
  addUsedSchema: false,
  allErrors: false,
} as const;

/** JSON bodies: a value must have the declared type as it is sent (`true` or `"5"` is no integer). */
const bodies = new Ajv({ ...COMMON, coerceTypes: false });
/** Query strings and path parameters are text: numbers and booleans are read from it. */
const texts = new Ajv({ ...COMMON, coerceTypes: true });
for (const ajv of [bodies, texts]) addFormats.default(ajv);

/** The only spellings a number or boolean of a query string or path may have. */
const PLAIN: Readonly<Record<string, RegExp>> = {
  integer: /^-?[0-9]+$/,
  number: /^-?[0-9]+(\.[0-9]+)?$/,
  boolean: /^(true|false)$/,
};

type Schema = { readonly type?: unknown; readonly properties?: Readonly<Record<string, Schema>> };

/**
 * The validator of each request part. Bodies are checked as sent. Query strings and path
 * parameters are read as text, but a number or boolean is read only from its plain spelling:
 * Ajv's coercion alone takes `0x10` as 16 and `1e1` as 10 (it compares with `==`).
 */
export const requestValidator: FastifySchemaCompiler<Schema> = ({ schema, httpPart }) => {
  if (httpPart === "body") return bodies.compile(schema);
  const validate = texts.compile(schema);
  const spelled = Object.entries(schema.properties ?? {}).flatMap(([name, s]) => {
    const plain = typeof s.type === "string" ? PLAIN[s.type] : undefined;
    return plain ? [{ name, type: s.type as string, plain }] : [];
  });
  if (spelled.length === 0) return validate;
  const check = (data: unknown): boolean => {
    const values = (data ?? {}) as Record<string, unknown>;
    for (const { name, type, plain } of spelled) {
      const raw = values[name];
      if (typeof raw === "string" && !plain.test(raw)) {
        const error: ErrorObject = {
          keyword: "type",
          instancePath: `/${name}`,
          schemaPath: `#/properties/${name}/type`,
          params: { type },
          message: `must be ${type === "boolean" ? "true or false" : `${type === "integer" ? "an integer" : "a number"} in decimal digits`}`,
        };
        check.errors = [error];
        return false;
      }
    }
    const ok = validate(data);
    check.errors = validate.errors ?? null;
    return ok;
  };
  check.errors = null as ErrorObject[] | null;
  return check;
};
