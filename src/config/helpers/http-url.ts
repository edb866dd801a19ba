import { didYouMean } from "../../errors/index.ts";
import { prefixReport } from "./helper-scope.ts";
import type { FieldNameRewrite, HelperReport, RawField } from "./helper-types.ts";
import { queryParamField } from "./http-query-param.ts";
import { fieldNameOf, optionsOf, show, staticOf } from "./raw-value.ts";
import { sqlString } from "./sql-literal.ts";

const HINT =
  'httpUrl holds the fields url (static: "http://host/path/{id}"), method (static: GET, POST, PUT, PATCH, DELETE, ' +
  "HEAD, OPTIONS or TRACE; GET when left out), and optionally pathParam and queryParam, each with one nested field per parameter";
const PARTS = ["url", "method", "pathParam", "queryParam"];
const METHODS = ["POST", "GET", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE"];

const nestedOf = (field: RawField | undefined): RawField[] =>
  Array.isArray(field?.fields)
    ? field.fields.filter((f): f is RawField => typeof f === "object" && f !== null)
    : [];

function pathParamField(f: RawField): RawField {
  // A NULL path parameter would leave `{name}` in the URL.
  return {
    ...f,
    name: `pathParam${fieldNameOf(f)}`,
    nullable: false,
    options: { ...optionsOf(f), enableNull: false },
  };
}

function urlSql(url: string, pathParams: readonly RawField[], queryParams: readonly RawField[]): string {
  let sql = sqlString(url);
  for (const p of pathParams) {
    const column = String(p.name);
    const post = optionsOf(p).postSqlExpression;
    const value = typeof post === "string" ? post : `\`${column}\``;
    sql = `REPLACE(${sql}, ${sqlString(`{${column.slice("pathParam".length)}}`)}, URL_ENCODE(${value}))`;
  }
  if (queryParams.length > 0) sql = `CONCAT(${sql}, '?')`;
  const query = queryParams
    .map((q) => `CAST(${String(optionsOf(q).postSqlExpression)} AS STRING)`)
    .join(", ");
  return `CONCAT(${sql}, ARRAY_JOIN(ARRAY(${query}), '&'))`;
}

function readMethod(nested: readonly RawField[], report: HelperReport): string {
  const at = nested.findIndex((f) => f.name === "method");
  if (at < 0) return "GET";
  const value = staticOf(nested[at]!);
  const method = typeof value === "string" ? value.trim().toUpperCase() : "";
  if (METHODS.includes(method)) return method;
  const near = typeof value === "string" ? didYouMean(value, METHODS) : "";
  report(
    "RF_HELPER_INVALID",
    `httpUrl method must be static text naming an HTTP method, got ${show(value)}${near ? ` (${near})` : ""}`,
    ["fields", at],
    HINT,
  );
  return "GET";
}

export const httpUrlRewrite: FieldNameRewrite = {
  name: "httpUrl",
  hint: HINT,
  rewrite(_field, nested, report) {
    nested.forEach((f, i) => {
      if (typeof f.name === "string" && PARTS.includes(f.name)) return;
      const near = didYouMean(String(f.name), PARTS);
      report(
        "RF_KEY_UNKNOWN",
        `httpUrl has an unknown part ${show(f.name)}${near ? ` (${near})` : ""}; it is ignored`,
        ["fields", i, "name"],
        HINT,
      );
    });
    const at = (part: string) => nested.findIndex((f) => f.name === part);
    const urlAt = at("url");
    const url = urlAt < 0 ? undefined : staticOf(nested[urlAt]!);
    if (typeof url !== "string" || url.trim() === "") {
      const where = urlAt < 0 ? ["fields"] : ["fields", urlAt];
      report(
        "RF_HELPER_INVALID",
        `httpUrl needs a url field with static text, got ${show(url)}`,
        where,
        HINT,
      );
    }
    const method = readMethod(nested, report);
    const pathParams = nestedOf(nested[at("pathParam")]).map(pathParamField);
    const queryAt = at("queryParam");
    const queryReport = prefixReport(report, ["fields", queryAt]);
    const queryParams = nestedOf(nested[queryAt]).map((f, i) => queryParamField(f, i, queryReport));
    return [
      {
        name: "url",
        type: "string",
        options: { sql: urlSql(typeof url === "string" ? url : "", pathParams, queryParams) },
      },
      { name: "method", type: "string", options: { static: method } },
      ...pathParams,
      ...queryParams,
    ];
  },
};
