import { ajvFor, firstError, type Validator } from "./ajv-for.ts";
import type { GeneratedStep } from "./generate-document.ts";
import { count, jsonRows, type RowTally, tally } from "./json-rows.ts";
import { readDocument } from "./validate-json-schema-rows.ts";

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const pointerPart = (s: string) => s.replaceAll("~", "~0").replaceAll("/", "~1");

/** A value and the JSON pointer it was found at, its `$ref`s followed (inside the document). */
function deref(doc: Obj, value: unknown, pointer: string): { value: unknown; pointer: string } {
  let v = value;
  let p = pointer;
  for (
    let hops = 0;
    isObject(v) && typeof v.$ref === "string" && v.$ref.startsWith("#") && hops < 20;
    hops++
  ) {
    p = v.$ref;
    v = v.$ref
      .slice(2)
      .split("/")
      .map((s) => decodeURIComponent(s).replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce<unknown>(
        (node, key) => (isObject(node) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined),
        doc,
      );
  }
  return { value: v, pointer: p };
}

/** A check of one field of a row: its name in the row, whether it must be there, and the compiled schema. */
interface FieldCheck {
  readonly field: string;
  readonly required: boolean;
  readonly validate: ReturnType<Validator["compile"]> | undefined;
}

/**
 * Each generated operation's rows checked against the OpenAPI document itself: every parameter
 * (path, query, header; the field names are the ones rowforge documents: pathParam<x>,
 * queryParam<x>, header<Name>) against its schema, required ones present, and the JSON request
 * body against its schema; ajv of the document's dialect, the document added whole so its
 * references resolve.
 */
export async function validateOpenApiRows(path: string, steps: readonly GeneratedStep[]): Promise<RowTally> {
  const doc = readDocument(path);
  const swagger2 = typeof doc.swagger === "string";
  const v31 = typeof doc.openapi === "string" && doc.openapi.startsWith("3.1");
  const ajv = ajvFor(v31 ? "openapi-3.1" : "openapi-3.0");
  ajv.addSchema(asSchemas(doc, v31) as Obj, "doc");
  const compile = (pointer: string) => ajv.compile({ $ref: `doc${pointer}` });
  const t = tally();
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const g of steps) {
    const name = g.step.step.name;
    const slash = name.indexOf("/");
    const method = name.slice(0, slash).toLowerCase();
    const route = name.slice(slash);
    const item = deref(doc, paths[route], `#/paths/${pointerPart(route)}`);
    if (!isObject(item.value) || !isObject(item.value[method]))
      throw new Error(`${name} is not an operation of ${path}`);
    const opPointer = `${item.pointer}/${method}`;
    const op = item.value[method] as Obj;
    const checks: FieldCheck[] = [];
    const params = new Map<string, { param: Obj; pointer: string }>();
    const list = (owner: Obj, at: string) =>
      (Array.isArray(owner.parameters) ? owner.parameters : []).forEach((p, i) => {
        const r = deref(doc, p, `${at}/parameters/${i}`);
        if (isObject(r.value))
          params.set(`${r.value.in}:${r.value.name}`, { param: r.value, pointer: r.pointer });
      });
    list(item.value, item.pointer);
    list(op, opPointer);
    for (const { param, pointer } of params.values()) {
      const prefix = { path: "pathParam", query: "queryParam", header: "header" }[String(param.in)];
      if (prefix === undefined) {
        if (param.in === "body")
          checks.push({
            field: "body",
            required: param.required === true,
            validate: compile(`${pointer}/schema`),
          });
        continue;
      }
      const pname = String(param.name);
      if (param.in === "header" && ["accept", "content-type", "authorization"].includes(pname.toLowerCase()))
        continue;
      const field = prefix === "header" ? `header${pname.replaceAll("-", "_")}` : `${prefix}${pname}`;
      const required = param.required === true || param.in === "path";
      const schemaAt = swagger2 ? undefined : param.schema !== undefined ? `${pointer}/schema` : undefined;
      const validate = swagger2
        ? ajv.compile(swagger2ParamSchema(param))
        : schemaAt
          ? compile(schemaAt)
          : undefined;
      checks.push({ field, required, validate });
    }
    if (!swagger2 && op.requestBody !== undefined) {
      const body = deref(doc, op.requestBody, `${opPointer}/requestBody`);
      const content = isObject(body.value) && isObject(body.value.content) ? body.value.content : {};
      const json = Object.keys(content).find((k) => /json/i.test(k));
      if (json !== undefined && isObject(content[json]) && (content[json] as Obj).schema != null)
        checks.push({
          field: "body",
          required: isObject(body.value) && body.value.required === true,
          validate: compile(`${body.pointer}/content/${pointerPart(json)}/schema`),
        });
    }
    for (const row of await jsonRows(g)) {
      let problem: string | undefined;
      for (const c of checks) {
        const value = row[c.field];
        if (value === undefined || value === null) {
          if (c.required) problem = `${name}: ${c.field} is missing`;
        } else if (c.validate && !c.validate(value))
          problem = `${name}: ${c.field} ${firstError(c.validate)}`;
        if (problem) break;
      }
      count(t, problem, row);
    }
  }
  return t;
}

/** Swagger 2 keeps a non-body parameter's schema keywords on the parameter itself. */
function swagger2ParamSchema(param: Obj): Obj {
  const {
    name: _n,
    in: _i,
    required: _r,
    description: _d,
    collectionFormat: _c,
    allowEmptyValue: _a,
    ...schema
  } = param;
  return schema;
}

/** Keywords whose value is a map of names to schemas: a key inside is a name, not a keyword. */
const NAME_MAPS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "schemas",
  "paths",
  "responses",
  "parameters",
  "requestBodies",
  "headers",
  "content",
  "mapping",
  "callbacks",
]);

/**
 * The document as its dialect reads it, for ajv: examples (annotations, whose `id`s ajv would
 * take for schema ids) left out; OpenAPI 3.0's `nullable` without a `type` dropped (the
 * specification: it adds null only to an explicit type); in 3.1, where `nullable` is no
 * keyword, dropped too, and draft-04 boolean exclusiveMinimum/Maximum written as 2020-12 reads them.
 */
function asSchemas(node: unknown, v31: boolean, parent = ""): unknown {
  if (Array.isArray(node)) return node.map((x) => asSchemas(x, v31));
  if (!isObject(node)) return node;
  const out: Obj = {};
  const names = NAME_MAPS.has(parent);
  for (const [k, v] of Object.entries(node)) {
    if (!names && (k === "example" || k === "examples" || k === "x-readme")) continue;
    // `schema: null` (a generated document's media type without one) describes nothing.
    if (!names && k === "schema" && v === null) continue;
    out[k] = asSchemas(v, v31, names ? "" : k);
  }
  if (names) return out;
  if (out.nullable !== undefined && (v31 || out.type === undefined)) delete out.nullable;
  if (v31)
    for (const [flag, bound] of [
      ["exclusiveMinimum", "minimum"],
      ["exclusiveMaximum", "maximum"],
    ] as const) {
      if (typeof out[flag] !== "boolean") continue;
      if (out[flag] === true && typeof out[bound] === "number") {
        out[flag] = out[bound];
        delete out[bound];
      } else delete out[flag];
    }
  return out;
}
