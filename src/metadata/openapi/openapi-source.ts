import type { RawField } from "../../config/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import { bundleRefs } from "../json-schema/bundle-refs.ts";
import { pointerToken } from "../json-schema/json-pointer.ts";
import { DOCUMENT_FIELDS, resolveSchema } from "../json-schema/resolve-schema.ts";
import { schemaField } from "../json-schema/schema-field.ts";
import type { SchemaScope } from "../json-schema/schema-types.ts";
import type { MetadataSource, MetadataStepShape } from "../metadata-source.ts";
import { stepLocation } from "../step-location.ts";
import { openApiKind } from "./openapi-kind.ts";

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];
/** Headers OpenAPI says are not parameters (the request's own). */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

type Obj = Readonly<Record<string, unknown>>;
const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * OpenAPI 3.0/3.1 and Swagger 2 (a file or an http(s) URL in `schemaLocation`): one HTTP step
 * per operation, named like `POST/pets/{id}` (the HTTP connector calls that route below the
 * connection's url), with a `pathParam<x>`, `queryParam<x>` or `header<Name>` field per
 * parameter and the JSON request body as the `body` field, all generated from their schemas.
 * An operation of neither has no fields: it is sent with its method and path alone. Written
 * to files, each operation goes to `<path>/<operation>`.
 */
export const openApiSource: MetadataSource = {
  ...openApiKind,
  async read(r, docs) {
    const { location, where } = stepLocation(r, openApiSource, "path or URL of the OpenAPI document");
    const doc = await docs.read(location, where);
    // Schemas kept in other files (`$ref: schemas/pet.yaml`) are read beside the document.
    const bundled = await bundleRefs(doc.value, doc.path, docs, where);
    const root = isObject(bundled) ? bundled : {};
    // OpenAPI 3.1's schemas are JSON Schema 2020-12, where nullable is no keyword (null is a type).
    const v31 = typeof root.openapi === "string" && /^3\.[1-9]/.test(root.openapi);
    const scope: SchemaScope = {
      root: bundled,
      where: `${where}: OpenAPI ${doc.path}`,
      ...(v31 ? { readsNullable: false } : {}),
    };
    const swagger2 = typeof root.swagger === "string";
    if (!swagger2 && typeof root.openapi !== "string")
      throw new RowforgeError(
        "RF_METADATA_SCHEMA_INVALID",
        `${scope.where} has neither an openapi nor a swagger version key`,
        {
          hint: "point schemaLocation at an OpenAPI 3 or Swagger 2 document",
        },
      );
    const shapes: MetadataStepShape[] = [];
    const url = serverUrl(root, swagger2);
    for (const [path, item] of Object.entries(isObject(root.paths) ? root.paths : {})) {
      if (!isObject(item)) continue;
      const shared = Array.isArray(item.parameters) ? item.parameters : [];
      for (const method of METHODS) {
        const op = item[method];
        if (!isObject(op)) continue;
        const itemAt = `#/paths/${pointerToken(path)}`;
        const at = `${itemAt}/${method}`;
        const own = Array.isArray(op.parameters) ? op.parameters : [];
        // Each operation is a step of its own, with its own fields to give.
        const opScope = { ...scope, fieldsLeft: { n: DOCUMENT_FIELDS } };
        // Each parameter with the pointer to where the document declares it (the path's or the operation's).
        const params = [
          ...shared.map((p, i) => ({ p, at: `${itemAt}/parameters/${i}` })),
          ...own.map((p, i) => ({ p, at: `${at}/parameters/${i}` })),
        ];
        const fields = [
          ...parameterFields(params, opScope, swagger2),
          ...bodyField(op, params, opScope, at, swagger2),
        ];
        shapes.push({
          name: `${method.toUpperCase()}${path}`,
          fields,
          ...(url !== undefined && r.step.options.url === undefined ? { options: { url } } : {}),
        });
      }
    }
    if (shapes.length === 0)
      throw new RowforgeError("RF_METADATA_SCHEMA_INVALID", `${scope.where} has no operations under paths`);
    return shapes.length > 1 ? besideEachOther(shapes, r.step.options.path) : shapes;
  },
};

/**
 * Operations written to files each go to their own folder below the step's path,
 * `<path>/<operation>` with the operation's name made a folder name (`GET/pets/{petId}` →
 * `GET_pets_{petId}`): one path for all would keep only the last operation's rows.
 */
function besideEachOther(
  shapes: readonly MetadataStepShape[],
  path: string | undefined,
): MetadataStepShape[] {
  if (path === undefined) return [...shapes];
  const base = path.replace(/\/+$/, "");
  return shapes.map((s) => ({
    ...s,
    overrides: { ...s.overrides, path: `${base}/${s.name.replaceAll("/", "_")}` },
  }));
}

/** The document's own absolute server URL (3.x `servers[0].url`, 2.0 `host` + `basePath`), if any. */
function serverUrl(root: Obj, swagger2: boolean): string | undefined {
  if (swagger2) {
    if (typeof root.host !== "string") return undefined;
    const scheme =
      Array.isArray(root.schemes) && typeof root.schemes[0] === "string" ? root.schemes[0] : "http";
    return `${scheme}://${root.host}${typeof root.basePath === "string" ? root.basePath : ""}`;
  }
  const first = Array.isArray(root.servers) ? root.servers[0] : undefined;
  const url = isObject(first) && typeof first.url === "string" ? first.url : undefined;
  return url !== undefined && /^https?:\/\//.test(url) && !url.includes("{") ? url : undefined;
}

/** A parameter as the document gives it, and the pointer to it (messages name the place the user wrote). */
interface DeclaredParameter {
  readonly p: unknown;
  readonly at: string;
}

function parameterFields(
  params: readonly DeclaredParameter[],
  scope: SchemaScope,
  swagger2: boolean,
): RawField[] {
  // Operation parameters override path-level ones of the same name and place.
  const byKey = new Map<string, { param: Obj; at: string }>();
  for (const { p, at } of params) {
    const param = resolveSchema(p, scope, [], at);
    if (typeof param.name === "string" && typeof param.in === "string")
      byKey.set(`${param.in}:${param.name}`, { param, at });
  }
  const out: RawField[] = [];
  for (const { param, at } of byKey.values()) {
    const name = param.name as string;
    const schema = swagger2 ? parameterSchema2(param) : param.schema;
    const required = param.required === true || param.in === "path";
    const prefix = { path: "pathParam", query: "queryParam", header: "header" }[param.in as string];
    if (prefix === undefined || param.in === "body") continue;
    if (param.in === "header" && IGNORED_HEADERS.has(name.toLowerCase())) continue;
    const field = schemaField(
      prefix === "header" ? `header${name.replaceAll("-", "_")}` : `${prefix}${name}`,
      schema ?? { type: "string" },
      required,
      scope,
      [],
      // Swagger 2 writes a non-body parameter's schema keywords on the parameter itself.
      swagger2 ? at : `${at}/schema`,
    );
    if (!field) continue;
    const options = { ...((field.options as Record<string, unknown> | undefined) ?? {}) };
    if (prefix === "header") options.header = name;
    if (param.in === "query" && param.style !== undefined) options.queryParamStyle = param.style;
    if (param.in === "query" && param.explode === false) options.queryParamExplode = false;
    // A parameter is always sent: optional ones get no nulls.
    delete options.enableNull;
    out.push({ ...field, ...(Object.keys(options).length > 0 ? { options } : {}) } as RawField);
  }
  return out;
}

/** Swagger 2 puts a non-body parameter's schema keywords on the parameter itself. */
function parameterSchema2(param: Obj): unknown {
  if (param.in === "body") return param.schema;
  const { name: _n, in: _i, required: _r, description: _d, collectionFormat: _c, ...schema } = param;
  return schema;
}

/** The JSON request body as the `body` field (sent as the request's JSON). */
function bodyField(
  op: Obj,
  params: readonly DeclaredParameter[],
  scope: SchemaScope,
  at: string,
  swagger2: boolean,
): RawField[] {
  let schema: unknown;
  let schemaAt = `${at}/requestBody`;
  if (swagger2) {
    const body = params
      .map(({ p, at: paramAt }) => ({ param: resolveSchema(p, scope, [], paramAt), paramAt }))
      .find(({ param }) => param.in === "body");
    schema = body?.param.schema;
    if (body) schemaAt = `${body.paramAt}/schema`;
  } else {
    const body = isObject(op.requestBody)
      ? resolveSchema(op.requestBody, scope, [], `${at}/requestBody`)
      : undefined;
    const content = body && isObject(body.content) ? body.content : {};
    const json = Object.entries(content).find(([type]) => /json/i.test(type));
    schema = json && isObject(json[1]) ? json[1].schema : undefined;
    if (json) schemaAt = `${at}/requestBody/content/${pointerToken(json[0])}/schema`;
  }
  // No schema (or `schema: null`, as some generated documents write it): the body is not described.
  if (schema === undefined || schema === null) return [];
  const field = schemaField("body", schema, true, scope, [], schemaAt);
  return field ? [field] : [];
}
