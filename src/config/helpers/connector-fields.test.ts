import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { codesOf, expandCollect, pathsOf } from "../../../test/support/config/expand-helpers.ts";
import { parseDataType } from "../../model/parse-data-type.ts";
import { HEADERS_TYPE } from "./message-fields.ts";

const body = (fields: unknown[]) => [
  { name: "value", type: "string", options: { sql: "TO_JSON(body)" } },
  { name: "body", type: "struct", fields },
];

describe("messageHeaders", () => {
  it("becomes one headers field of key/value-bytes structs built from sql or static values", () => {
    const { out, reports } = expandCollect({
      name: "messageHeaders",
      type: "struct",
      fields: [
        { name: "account-id", options: { sql: "body.account_id" } },
        { name: "source", static: "web's" },
        { name: "kind", options: { static: "event" } },
      ],
    });
    assert.deepEqual(reports, []);
    assert.deepEqual(out, [
      {
        name: "headers",
        type: HEADERS_TYPE,
        options: {
          sql:
            "ARRAY(NAMED_STRUCT('key', 'account-id', 'value', TO_BINARY(body.account_id, 'utf-8')), " +
            "NAMED_STRUCT('key', 'source', 'value', TO_BINARY('web\\'s', 'utf-8')), " +
            "NAMED_STRUCT('key', 'kind', 'value', TO_BINARY('event', 'utf-8')))",
        },
      },
    ]);
  });
  it("has a type rowforge parses", () => assert.equal(parseDataType(HEADERS_TYPE).ok, true));
  it("reports a header without a value", () => {
    const r = expandCollect({
      name: "messageHeaders",
      fields: [{ name: "a", options: { sql: "x" } }, { name: "b" }],
    });
    assert.deepEqual(pathsOf(r.reports), [["fields", 1]]);
    assert.equal(r.reports[0]?.code, "RF_HELPER_INVALID");
  });
  it("is left alone without nested fields or below the top level", () => {
    const flat = { name: "messageHeaders", type: "string" };
    assert.deepEqual(expandCollect(flat).out, [flat]);
    const nested = {
      name: "outer",
      fields: [{ name: "messageHeaders", fields: [{ name: "k", static: "v" }] }],
    };
    assert.deepEqual(expandCollect(nested).out, [nested]);
  });
});

describe("messageBody and httpBody", () => {
  for (const name of ["messageBody", "httpBody"]) {
    it(`${name} becomes value = TO_JSON(body) and the body struct, with helpers expanded inside`, () => {
      const { out, reports } = expandCollect({
        name,
        type: "struct",
        fields: [
          { name: "id", options: { uuid: "", incremental: 1 } },
          { name: "email", options: { email: "shop.com" } },
        ],
      });
      assert.deepEqual(reports, []);
      assert.deepEqual(
        out,
        body([
          { name: "id", options: { uuid: "", incremental: 1 }, type: "string" },
          { name: "email", options: { expression: "#{Name.first_name}.#{Name.last_name}@shop.com" } },
        ]),
      );
    });
  }
});

describe("httpHeaders", () => {
  it("renames each field header<Name> and keeps the real name; Content-Length measures the body", () => {
    const { out, reports } = expandCollect({
      name: "httpHeaders",
      type: "array",
      fields: [
        { name: "Content-Type", static: "application/json" },
        { name: "Content-Length", type: "integer", options: { sql: "1" } },
        { name: "X-Id", options: { uuidPattern: true } },
      ],
    });
    assert.deepEqual(reports, []);
    assert.deepEqual(out, [
      { name: "headerContent_Type", static: "application/json", options: { header: "Content-Type" } },
      {
        name: "headerContent_Length",
        type: "integer",
        options: { sql: "LENGTH(value)", header: "Content-Length" },
      },
      { name: "headerX_Id", options: { sql: "UUID()", header: "X-Id" } },
    ]);
  });
});

describe("httpUrl", () => {
  it("builds the url with path and query parameters, the method and the parameter fields", () => {
    const { out, reports } = expandCollect({
      name: "httpUrl",
      type: "struct",
      fields: [
        { name: "url", static: "http://localhost:80/anything/{id}" },
        { name: "method", static: "put" },
        { name: "pathParam", type: "struct", fields: [{ name: "id", options: { sql: "body.account_id" } }] },
        {
          name: "queryParam",
          type: "struct",
          fields: [
            { name: "limit", type: "integer", options: { min: 1, max: 10 } },
            { name: "tags", type: "array<string>", options: { style: "pipeDelimited", explode: false } },
            { name: "ids", type: "array<int>" },
          ],
        },
      ],
    });
    assert.deepEqual(reports, []);
    assert.deepEqual(out, [
      {
        name: "url",
        type: "string",
        options: {
          sql:
            "CONCAT(CONCAT(REPLACE('http://localhost:80/anything/{id}', '{id}', URL_ENCODE(`pathParamid`)), '?'), " +
            "ARRAY_JOIN(ARRAY(CAST(CONCAT('limit=', queryParamlimit) AS STRING), " +
            "CAST(CASE WHEN ARRAY_SIZE(queryParamtags) > 0 THEN CONCAT('tags=', ARRAY_JOIN(queryParamtags, '|')) ELSE null END AS STRING), " +
            "CAST(CASE WHEN ARRAY_SIZE(queryParamids) > 0 THEN CONCAT('ids=', ARRAY_JOIN(queryParamids, '&ids=')) ELSE null END AS STRING)), '&'))",
        },
      },
      { name: "method", type: "string", options: { static: "PUT" } },
      { name: "pathParamid", options: { sql: "body.account_id", enableNull: false }, nullable: false },
      {
        name: "queryParamlimit",
        type: "integer",
        options: { min: 1, max: 10, postSqlExpression: "CONCAT('limit=', queryParamlimit)" },
      },
      {
        name: "queryParamtags",
        type: "array<string>",
        options: {
          postSqlExpression:
            "CASE WHEN ARRAY_SIZE(queryParamtags) > 0 THEN CONCAT('tags=', ARRAY_JOIN(queryParamtags, '|')) ELSE null END",
        },
      },
      {
        name: "queryParamids",
        type: "array<int>",
        options: {
          postSqlExpression:
            "CASE WHEN ARRAY_SIZE(queryParamids) > 0 THEN CONCAT('ids=', ARRAY_JOIN(queryParamids, '&ids=')) ELSE null END",
        },
      },
    ]);
  });
  it("joins unexploded form arrays with commas and space-delimited ones with %20", () => {
    const q = (style: string) =>
      expandCollect({
        name: "httpUrl",
        fields: [
          { name: "url", static: "http://h/" },
          {
            name: "queryParam",
            fields: [{ name: "t", type: "array<string>", options: { style, explode: "false" } }],
          },
        ],
      }).out[2]?.options;
    assert.match(
      String((q("form") as { postSqlExpression: string }).postSqlExpression),
      /ARRAY_JOIN\(queryParamt, ','\)/,
    );
    assert.match(String((q("SPACE_DELIMITED") as { postSqlExpression: string }).postSqlExpression), /'%20'/);
  });
  it("defaults the method to GET and has an empty query without query parameters", () => {
    const { out, reports } = expandCollect({
      name: "httpUrl",
      fields: [{ name: "url", options: { static: "http://h/a" } }],
    });
    assert.deepEqual(reports, []);
    assert.deepEqual(out, [
      { name: "url", type: "string", options: { sql: "CONCAT('http://h/a', ARRAY_JOIN(ARRAY(), '&'))" } },
      { name: "method", type: "string", options: { static: "GET" } },
    ]);
  });
  it("reports a missing url, a bad method, an unknown part and an unknown query style", () => {
    const r = expandCollect({
      name: "httpUrl",
      fields: [
        { name: "method", static: "FETCH" },
        { name: "mehtod", static: "GET" },
        { name: "queryParam", fields: [{ name: "q", options: { style: "deepObject" } }] },
      ],
    });
    assert.deepEqual(codesOf(r.reports), [
      "RF_KEY_UNKNOWN",
      "RF_HELPER_INVALID",
      "RF_HELPER_INVALID",
      "RF_HELPER_INVALID",
    ]);
    assert.deepEqual(pathsOf(r.reports), [
      ["fields", 1, "name"],
      ["fields"],
      ["fields", 0],
      ["fields", 2, "fields", 0, "options", "style"],
    ]);
    assert.match(r.reports[0]?.message ?? "", /did you mean "method"/);
  });
});
