import assert from "node:assert/strict";
import { test } from "node:test";
import { allValidRows, schemaRows } from "../../../test/support/corpus/schema-rows.ts";

/**
 * Constructs of real-world schemas, each in a small schema: 1,000 rows generated as a user's
 * jsonSchema task does, every row checked by ajv against the schema itself. Here the types'
 * own keywords (arrays, tuples, objects' properties, patterns, enums); the combinators
 * (oneOf, anyOf, allOf, not, if/then/else, dependencies) are in schema-combinator-rows.test.ts.
 */

test("arrays of free-form objects are arrays of objects (empty ones: any object is valid)", async () => {
  const rows = await allValidRows({
    type: "object",
    required: ["include"],
    properties: { include: { type: "array", minItems: 1, items: { type: "object" } } },
  });
  assert.ok(rows.every((r) => Array.isArray(r.include) && (r.include as unknown[]).length >= 1));
});

test("distinct free-form objects: at most one (every empty object is the same)", async () => {
  const rows = await allValidRows({
    type: "object",
    required: ["x"],
    properties: { x: { type: "array", uniqueItems: true, items: { type: "object" } } },
  });
  assert.ok(rows.some((r) => (r.x as unknown[]).length === 1));
});

test("patterns with lookarounds (not blank, no trailing dot, a length ahead) are drawn from a pool of strings that match them whole", async () => {
  const rows = await allValidRows({
    type: "object",
    required: ["a", "b", "c"],
    properties: {
      a: { type: "string", pattern: "(?!\\s*$).+" },
      b: { type: "string", pattern: "[0-9A-Za-z\\.\\-_]*(?<!\\.)", maxLength: 64 },
      c: { type: "string", pattern: "^(?=.{2,256}$)([a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*)$" },
    },
  });
  assert.ok(new Set(rows.map((r) => r.a)).size > 100, "many distinct values");
});

test("a pattern with lookarounds no drawn string meets is refused naming it", async () => {
  await assert.rejects(
    schemaRows({ type: "object", required: ["a"], properties: { a: { type: "string", pattern: "(?=x)y" } } }),
    /has a pattern \(\(\?=x\)y\) that no string rowforge drew from it \(its lookarounds, which the generator does not read, taken out\) meets/,
  );
});

test("tuples (prefixItems beside items, as CloudFormation's key schemas): items meet their position's schema and the items schema, whichever the validator reads", async () => {
  const key = {
    type: "array",
    minItems: 1,
    maxItems: 2,
    prefixItems: [
      { type: "object", required: ["KeyType"], properties: { KeyType: { const: "HASH" } } },
      { type: "object", required: ["KeyType"], properties: { KeyType: { const: "RANGE" } } },
    ],
    items: {
      type: "object",
      additionalProperties: false,
      required: ["KeyType", "AttributeName"],
      properties: { AttributeName: { type: "string" }, KeyType: { type: "string" } },
    },
  };
  const rows = await allValidRows({ type: "object", required: ["k"], properties: { k: key } });
  assert.ok(rows.every((r) => (r.k as { KeyType: string }[])[0]!.KeyType === "HASH"));
  await allValidRows({
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    required: ["k"],
    properties: { k: key },
  });
});

test("a pattern of anchored alternatives (^$|^[a-z]...$) and lengths its strings do not all meet (minLength 1, maxLength 30 on a longer pattern): every value meets both", async () => {
  const rows = await allValidRows({
    type: "object",
    required: ["id", "sub"],
    properties: {
      id: { type: "string", minLength: 1, maxLength: 63, pattern: "^$|^[a-zA-Z]{1}(?:-?[a-zA-Z0-9]){0,62}$" },
      sub: { type: "string", maxLength: 30, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
    },
  });
  assert.ok(rows.every((r) => (r.id as string).length >= 1));
});

test("properties an object requires but does not declare are written (of additionalProperties' schema, or any value)", async () => {
  const rows = await allValidRows({
    type: "object",
    required: ["field", "datatype", "length"],
    properties: { field: { type: "string" } },
  });
  assert.ok(rows.every((r) => "datatype" in r && "length" in r));
  await allValidRows({
    type: "object",
    required: ["n"],
    properties: { a: { type: "string" } },
    additionalProperties: { type: "integer", minimum: 3 },
  });
});

test("an object that requires a property its additionalProperties: false forbids is refused naming it", async () => {
  await assert.rejects(
    schemaRows({
      type: "object",
      required: ["id"],
      additionalProperties: false,
      allOf: [{ properties: { a: { type: "string" } } }],
    }),
    /requires id, which it does not declare and its additionalProperties: false forbids, so no object is valid/,
  );
});

test("arrays of arrays at any depth and inside arrays of objects keep each level's lengths and items", async () => {
  const rows = await allValidRows({
    type: "object",
    required: ["grid", "macros", "deep"],
    properties: {
      grid: {
        type: "array",
        minItems: 1,
        items: {
          type: "array",
          minItems: 2,
          maxItems: 2,
          items: { type: "integer", minimum: 1, maximum: 9 },
        },
      },
      macros: {
        type: "array",
        minItems: 1,
        items: {
          type: "object",
          required: ["define"],
          properties: {
            define: {
              type: "array",
              items: { type: "array", items: { type: "string", pattern: "^[A-Z]{2,4}$" } },
            },
          },
        },
      },
      deep: {
        type: "array",
        items: {
          type: "array",
          items: {
            type: "array",
            minItems: 1,
            items: { type: "object", required: ["k"], properties: { k: { type: "boolean" } } },
          },
        },
      },
    },
  });
  assert.ok(rows.every((r) => (r.grid as number[][]).every((g) => g.length === 2)));
});

test("maxProperties below the declared properties: the required ones and the first optional ones up to it", async () => {
  const rows = await allValidRows({
    type: "object",
    required: ["c"],
    properties: {
      c: {
        type: "object",
        maxProperties: 1,
        additionalProperties: false,
        properties: {
          includePaths: { type: "array", items: { type: "string" } },
          excludePaths: { type: "array", items: { type: "string" } },
        },
      },
    },
  });
  assert.ok(rows.every((r) => Object.keys(r.c as object).length <= 1));
});

test("a pattern with a not: {pattern} (no blank or dash at either end) keeps to both", async () => {
  await allValidRows({
    type: "object",
    required: ["p"],
    properties: {
      p: {
        type: "string",
        pattern: "^[^,\\t\\n\\v\\f\\r]+$",
        not: { pattern: "^[-\\t\\n\\v\\f\\r ]|[\\t\\n\\v\\f\\r ]$" },
      },
    },
  });
});

test("a string's own pattern and an anyOf alternative's pattern are both kept (a YAML file's name, a URL or no scheme)", async () => {
  const rows = await allValidRows({
    type: "object",
    required: ["include"],
    properties: {
      include: {
        type: "string",
        pattern: "\\w\\.ya?ml$",
        anyOf: [{ pattern: "^https?://" }, { not: { pattern: "^\\w+://" } }],
      },
    },
  });
  assert.ok(rows.every((r) => /\w\.ya?ml$/.test(String(r.include))));
});

test("two patterns a string meets at once (allOf) are both kept, its values drawn from either", async () => {
  const rows = await allValidRows({
    type: "object",
    required: ["name"],
    properties: { name: { type: "string", allOf: [{ pattern: "^[a-z]{2,6}$" }, { pattern: "^[a-m]" }] } },
  });
  assert.ok(rows.every((r) => /^[a-m][a-z]{1,5}$/.test(String(r.name))));
});

test("a pattern beside format: regex (a regular expression between slashes) gives strings that are regular expressions too", async () => {
  await allValidRows({
    type: "object",
    required: ["coverage"],
    properties: { coverage: { type: "string", format: "regex", pattern: "^/.+/$" } },
  });
});

test("an object of many optional properties is written with about 8 of them, its required ones always; one of few keeps most", async () => {
  const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}`, { type: "integer" }]));
  const rows = await allValidRows({
    type: "object",
    required: ["p0", "p1"],
    properties: {
      ...many,
      few: { type: "object", properties: { a: { type: "integer" }, b: { type: "integer" } } },
    },
  });
  const counts = rows.map((r) => Object.keys(r).filter((k) => k !== "p0" && k !== "p1").length);
  const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
  assert.ok(mean > 6 && mean < 10, `about 8 optional properties per row, not ${mean}`);
  assert.ok(rows.every((r) => typeof r.p0 === "number" && typeof r.p1 === "number"));
  const inner = rows.filter((r) => r.few !== undefined).map((r) => Object.keys(r.few as object).length);
  assert.ok(
    inner.reduce((a, b) => a + b, 0) / inner.length > 1.4,
    "an object of 2 optional properties keeps most",
  );
});

test("an enum keeps the values the pattern beside it allows (a task named from an anyOf of names, its alternative's pattern ^PowerShell@2$): no row names another", async () => {
  const rows = await allValidRows({
    type: "object",
    required: ["step"],
    properties: {
      step: {
        type: "object",
        properties: {
          task: { anyOf: [{ enum: ["Bash@3"] }, { enum: ["PowerShell@2"] }, { enum: ["Npm@1"] }] },
        },
        anyOf: [
          { properties: { task: { pattern: "^PowerShell@2$" } }, required: ["task"] },
          { properties: { task: { pattern: "^Bash@3$" } }, required: ["task"] },
        ],
      },
    },
  });
  assert.ok(rows.every((r) => (r.step as { task: string }).task === "PowerShell@2"));
});

test("an enum of which no value meets the bounds beside it leaves its optional property out; a required one is refused naming the values", async () => {
  const rows = await allValidRows({
    type: "object",
    properties: {
      size: { enum: [1, 2, 3], minimum: 5 },
      name: { type: "string", enum: ["ab", "abc"], maxLength: 2 },
    },
  });
  assert.ok(rows.every((r) => r.size === undefined && (r.name === undefined || r.name === "ab")));
  await assert.rejects(
    schemaRows({ type: "object", required: ["size"], properties: { size: { enum: [1, 2, 3], minimum: 5 } } }),
    (e: Error) =>
      /#\/properties\/size lists values \(1, 2, 3\) none of which meets the keywords beside them \(minimum\)/.test(
        e.message,
      ),
  );
});
