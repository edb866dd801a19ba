import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { generateDocument } from "../../../test/support/corpus/generate-document.ts";
import { validateJsonSchemaRows } from "../../../test/support/corpus/validate-json-schema-rows.ts";

/**
 * Constructs of real-world schemas, each in a small schema: 1,000 rows generated as a user's
 * jsonSchema task does, every row checked by ajv against the schema itself.
 */
const dir = mkdtempSync(join(tmpdir(), "rf-schema-rows-"));
after(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function rowsOf(schema: Record<string, unknown>): Promise<{ rows: unknown[]; invalid?: string }> {
  const path = join(dir, `s${n++}.json`);
  writeFileSync(path, JSON.stringify(schema));
  const steps = await generateDocument(
    { type: "json", options: { metadataSourceType: "jsonSchema", jsonSchemaFile: "{document}" } },
    { document: path },
    1000,
  );
  const t = await validateJsonSchemaRows(path, steps);
  const { jsonRows } = await import("../../../test/support/corpus/json-rows.ts");
  const rows = (await Promise.all(steps.map(jsonRows))).flat();
  assert.equal(t.rows, 1000);
  return { rows, ...(t.valid < t.rows ? { invalid: `${t.rows - t.valid} invalid: ${t.first}` } : {}) };
}

async function allValid(schema: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const { rows, invalid } = await rowsOf(schema);
  assert.equal(invalid, undefined);
  return rows as Record<string, unknown>[];
}

test("arrays of free-form objects are arrays of objects (empty ones: any object is valid)", async () => {
  const rows = await allValid({
    type: "object",
    required: ["include"],
    properties: { include: { type: "array", minItems: 1, items: { type: "object" } } },
  });
  assert.ok(rows.every((r) => Array.isArray(r.include) && (r.include as unknown[]).length >= 1));
});

test("distinct free-form objects: at most one (every empty object is the same)", async () => {
  const rows = await allValid({
    type: "object",
    required: ["x"],
    properties: { x: { type: "array", uniqueItems: true, items: { type: "object" } } },
  });
  assert.ok(rows.some((r) => (r.x as unknown[]).length === 1));
});

test("oneOf of closed objects (additionalProperties: false) with optional properties: the chosen one's property is written, so it matches only one", async () => {
  const rows = await allValid({
    type: "object",
    required: ["target"],
    properties: {
      target: {
        oneOf: [
          { type: "object", additionalProperties: false, properties: { env: { type: "string" } } },
          { type: "object", additionalProperties: false, properties: { file: { type: "string" } } },
        ],
      },
    },
  });
  assert.ok(rows.every((r) => Object.keys(r.target as object).length === 1));
});

test("oneOf of open objects that share their required properties (a Cat or a Dog): a property the other types is written with another type", async () => {
  const pet = { type: "object", required: ["pet_type"], properties: { pet_type: { type: "string" } } };
  const rows = await allValid({
    type: "object",
    required: ["pet"],
    properties: {
      pet: {
        oneOf: [
          { allOf: [pet, { properties: { hunts: { type: "boolean" }, age: { type: "integer" } } }] },
          { allOf: [pet, { properties: { bark: { type: "boolean" } } }] },
        ],
      },
    },
  });
  assert.ok(rows.every((r) => typeof (r.pet as { pet_type: unknown }).pet_type === "string"));
});

test("a oneOf of two definitions alike (every value matches both) is known as unsatisfiable through their references: an optional property of it is left out", async () => {
  const rows = await allValid({
    type: "object",
    required: ["id"],
    properties: {
      id: { type: "integer" },
      config: { oneOf: [{ $ref: "#/$defs/a" }, { $ref: "#/$defs/b" }] },
    },
    additionalProperties: false,
    $defs: { a: { type: "string" }, b: { type: "string" } },
  });
  assert.ok(rows.every((r) => r.config === undefined));
});

test("a oneOf with an alternative of only a type (any object) and others of that type: the type-only one, with a property the others type differently", async () => {
  const flat = { type: "object", properties: { s: { type: "string" } } };
  const rows = await allValid({
    type: "object",
    required: ["id"],
    properties: {
      id: { type: "integer" },
      metadata: { oneOf: [{ type: "object" }, flat, flat] },
    },
  });
  assert.ok(rows.some((r) => r.metadata !== undefined));
});

test("a oneOf one of whose alternatives is itself a oneOf: a value is set apart from every alternative of the nested one", async () => {
  const open = { type: "object", properties: { a: { type: "string" }, b: { type: "integer" } } };
  await allValid({
    type: "object",
    required: ["x"],
    properties: {
      x: {
        oneOf: [
          {
            oneOf: [
              { type: "array", items: { type: "integer" } },
              { type: "object", properties: { c: { type: "string" } } },
            ],
          },
          open,
        ],
      },
    },
  });
});

test("patterns with lookarounds (not blank, no trailing dot, a length ahead) are drawn from a pool of strings that match them whole", async () => {
  const rows = await allValid({
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
    rowsOf({ type: "object", required: ["a"], properties: { a: { type: "string", pattern: "(?=x)y" } } }),
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
  const rows = await allValid({ type: "object", required: ["k"], properties: { k: key } });
  assert.ok(rows.every((r) => (r.k as { KeyType: string }[])[0]!.KeyType === "HASH"));
  await allValid({
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    required: ["k"],
    properties: { k: key },
  });
});

test("a pattern of anchored alternatives (^$|^[a-z]...$) and lengths its strings do not all meet (minLength 1, maxLength 30 on a longer pattern): every value meets both", async () => {
  const rows = await allValid({
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
  const rows = await allValid({
    type: "object",
    required: ["field", "datatype", "length"],
    properties: { field: { type: "string" } },
  });
  assert.ok(rows.every((r) => "datatype" in r && "length" in r));
  await allValid({
    type: "object",
    required: ["n"],
    properties: { a: { type: "string" } },
    additionalProperties: { type: "integer", minimum: 3 },
  });
});

test("an object that requires a property its additionalProperties: false forbids is refused naming it", async () => {
  await assert.rejects(
    rowsOf({
      type: "object",
      required: ["id"],
      additionalProperties: false,
      allOf: [{ properties: { a: { type: "string" } } }],
    }),
    /requires id, which it does not declare and its additionalProperties: false forbids, so no object is valid/,
  );
});

test("arrays of arrays at any depth and inside arrays of objects keep each level's lengths and items", async () => {
  const rows = await allValid({
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

test("an if/then/else whose else is an anyOf of required sets (woodpecker: commands or entrypoint unless detached) is met: its if and then always", async () => {
  await allValid({
    type: "object",
    required: ["image"],
    additionalProperties: false,
    properties: {
      image: { type: "string" },
      detach: { type: "boolean" },
      commands: { type: "array", items: { type: "string" } },
      entrypoint: { type: "string" },
    },
    allOf: [
      {
        if: { properties: { detach: { const: true } } },
        // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword under test
        then: {},
        else: { anyOf: [{ required: ["commands"] }, { required: ["entrypoint"] }] },
      },
    ],
  });
});

test("a property that depends on one the chosen oneOf alternative never writes (working-directory needs run) is left out", async () => {
  await allValid({
    type: "object",
    required: ["step"],
    properties: {
      step: {
        type: "object",
        additionalProperties: false,
        properties: {
          uses: { type: "string" },
          run: { type: "string" },
          "working-directory": { type: "string" },
        },
        dependencies: { "working-directory": ["run"] },
        oneOf: [
          { type: "object", properties: { uses: true }, required: ["uses"] },
          { type: "object", properties: { run: true }, required: ["run"] },
        ],
      },
    },
  });
});

test("maxProperties below the declared properties: the required ones and the first optional ones up to it", async () => {
  const rows = await allValid({
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
  await allValid({
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

test("an if on a property of a oneOf's object (runs.using is composite) that is met always takes the oneOf alternative it does not contradict", async () => {
  const rows = await allValid({
    type: "object",
    required: ["runs"],
    properties: {
      runs: {
        oneOf: [
          {
            type: "object",
            additionalProperties: false,
            required: ["using", "main"],
            properties: { using: { enum: ["node20", "node24"] }, main: { type: "string" } },
          },
          {
            type: "object",
            additionalProperties: false,
            required: ["using", "steps"],
            properties: {
              using: { const: "composite" },
              steps: { type: "array", items: { type: "string" } },
            },
          },
        ],
      },
    },
    if: { properties: { runs: { type: "object", properties: { using: { const: "composite" } } } } },
    // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword under test
    then: {
      properties: { outputs: { type: "object", required: ["a"], properties: { a: { type: "string" } } } },
    },
    else: { properties: { outputs: { type: "object", properties: { b: { type: "string" } } } } },
  });
  assert.ok(rows.every((r) => (r.runs as Record<string, unknown>).using === "composite"));
});

test("a oneOf of nots of required properties (no run or no shell, or no uses): a property the other alternative forbids is written, so a value matches only one", async () => {
  const rows = await allValid({
    type: "object",
    required: ["steps"],
    properties: {
      steps: {
        type: "array",
        minItems: 1,
        items: {
          type: "object",
          additionalProperties: false,
          properties: { run: { type: "string" }, shell: { type: "string" }, uses: { type: "string" } },
          oneOf: [
            { anyOf: [{ not: { required: ["run"] } }, { not: { required: ["shell"] } }] },
            { not: { required: ["uses"] } },
          ],
        },
      },
    },
  });
  assert.ok(rows.length === 1000);
});

test("a string's own pattern and an anyOf alternative's pattern are both kept (a YAML file's name, a URL or no scheme)", async () => {
  const rows = await allValid({
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
  const rows = await allValid({
    type: "object",
    required: ["name"],
    properties: { name: { type: "string", allOf: [{ pattern: "^[a-z]{2,6}$" }, { pattern: "^[a-m]" }] } },
  });
  assert.ok(rows.every((r) => /^[a-m][a-z]{1,5}$/.test(String(r.name))));
});

test("an if met always whose fitting anyOf alternative requires a property that is only null (left out with null fields) is not taken: the optional property is left out, the if unmet", async () => {
  await allValid({
    type: "object",
    required: ["name"],
    additionalProperties: false,
    properties: {
      name: { type: "string" },
      source: {
        anyOf: [
          {
            type: "object",
            additionalProperties: false,
            required: ["files"],
            properties: { files: { type: "string" } },
          },
          {
            type: "object",
            additionalProperties: false,
            required: ["manual"],
            properties: { manual: { type: "null" } },
          },
        ],
      },
    },
    if: { properties: { source: { type: "object", required: ["manual"] } } },
    else: { properties: { source: { required: ["files"] } } },
  });
});

test("a oneOf that is an allOf part (directories or directory, both declared beside it) is set apart against the whole object: one of the two is written", async () => {
  const rows = await allValid({
    type: "object",
    required: ["updates"],
    properties: {
      updates: {
        type: "array",
        minItems: 1,
        items: {
          type: "object",
          additionalProperties: false,
          properties: {
            directory: { type: "string" },
            directories: { type: "array", minItems: 1, items: { type: "string" } },
          },
          allOf: [
            {
              oneOf: [
                { properties: { directories: true }, required: ["directories"] },
                { properties: { directory: true }, required: ["directory"] },
              ],
            },
          ],
        },
      },
    },
  });
  assert.ok(rows.every((r) => (r.updates as object[]).every((u) => Object.keys(u).length === 1)));
});

test("an allOf of parts with an if/then each keeps every one: an if that another's replaced is met by its negation (no rules, so options and default may come)", async () => {
  await allValid({
    type: "object",
    required: ["inputs"],
    properties: {
      inputs: {
        type: "object",
        additionalProperties: false,
        properties: {
          type: { enum: ["string", "number"] },
          options: { type: "array", items: { type: "string" } },
          default: {},
          rules: { type: "array", items: { type: "string" } },
        },
        allOf: [
          {
            if: { required: ["rules"] },
            // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword under test
            then: { not: { anyOf: [{ required: ["options"] }, { required: ["default"] }] } },
          },
          {
            if: { required: ["type"], properties: { type: { const: "number" } } },
            // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword under test
            then: { properties: { default: { type: "number" } } },
          },
        ],
      },
    },
  });
});

test("a pattern beside format: regex (a regular expression between slashes) gives strings that are regular expressions too", async () => {
  await allValid({
    type: "object",
    required: ["coverage"],
    properties: { coverage: { type: "string", format: "regex", pattern: "^/.+/$" } },
  });
});

test("an allOf part's if/then whose if rowforge cannot keep from holding (not: required and contains) is met by its then, beside another part's if/then", async () => {
  const rows = await allValid({
    type: "object",
    required: ["name"],
    additionalProperties: false,
    properties: {
      name: { type: "string" },
      version: { type: "string" },
      dynamic: { type: "array", items: { enum: ["version", "readme"] } },
      license: { oneOf: [{ type: "string" }, { type: "object", properties: { file: { type: "string" } } }] },
      "license-files": { type: "array", items: { type: "string" } },
    },
    allOf: [
      {
        if: { not: { required: ["dynamic"], properties: { dynamic: { contains: { const: "version" } } } } },
        // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword under test
        then: { required: ["version"] },
      },
      {
        if: { required: ["license-files"] },
        // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword under test
        then: { properties: { license: { type: "string" } } },
      },
    ],
  });
  assert.ok(rows.every((r) => typeof r.version === "string"));
});

test("an object of many optional properties is written with about 8 of them, its required ones always; one of few keeps most", async () => {
  const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}`, { type: "integer" }]));
  const rows = await allValid({
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
  const rows = await allValid({
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
  const rows = await allValid({
    type: "object",
    properties: {
      size: { enum: [1, 2, 3], minimum: 5 },
      name: { type: "string", enum: ["ab", "abc"], maxLength: 2 },
    },
  });
  assert.ok(rows.every((r) => r.size === undefined && (r.name === undefined || r.name === "ab")));
  await assert.rejects(
    rowsOf({ type: "object", required: ["size"], properties: { size: { enum: [1, 2, 3], minimum: 5 } } }),
    (e: Error) =>
      /#\/properties\/size lists values \(1, 2, 3\) none of which meets the keywords beside them \(minimum\)/.test(
        e.message,
      ),
  );
});

test("a oneOf of arrays told apart only by their items (objects of optional properties, strings): the chosen array is never empty and its items match no other's", async () => {
  const flat = { type: "object", properties: { string: { type: "string" }, number: { type: "number" } } };
  const rows = await allValid({
    type: "object",
    required: ["body"],
    properties: {
      body: {
        oneOf: [
          {
            type: "array",
            items: { type: "object", properties: { single: flat, primitive: { type: "string" } } },
          },
          { type: "array", items: { type: "string" } },
          { type: "array", items: flat },
          flat,
        ],
      },
    },
  });
  assert.ok(rows.every((r) => Array.isArray(r.body) && (r.body as unknown[]).length >= 1));
});
