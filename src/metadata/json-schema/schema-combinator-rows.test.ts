import assert from "node:assert/strict";
import { test } from "node:test";
import { allValidRows } from "../../../test/support/corpus/schema-rows.ts";

/**
 * Combinators of real-world schemas (oneOf, anyOf, allOf, not, if/then/else, dependencies),
 * each in a small schema: 1,000 rows generated as a user's jsonSchema task does, every row
 * checked by ajv against the schema itself, so a value matches the alternatives it should.
 */

test("oneOf of closed objects (additionalProperties: false) with optional properties: the chosen one's property is written, so it matches only one", async () => {
  const rows = await allValidRows({
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
  const rows = await allValidRows({
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
  const rows = await allValidRows({
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
  const rows = await allValidRows({
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
  await allValidRows({
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

test("an if/then/else whose else is an anyOf of required sets (woodpecker: commands or entrypoint unless detached) is met: its if and then always", async () => {
  await allValidRows({
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
  await allValidRows({
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

test("an if on a property of a oneOf's object (runs.using is composite) that is met always takes the oneOf alternative it does not contradict", async () => {
  const rows = await allValidRows({
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
  const rows = await allValidRows({
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

test("an if met always whose fitting anyOf alternative requires a property that is only null (left out with null fields) is not taken: the optional property is left out, the if unmet", async () => {
  await allValidRows({
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
  const rows = await allValidRows({
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
  await allValidRows({
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

test("an allOf part's if/then whose if rowforge cannot keep from holding (not: required and contains) is met by its then, beside another part's if/then", async () => {
  const rows = await allValidRows({
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

test("a oneOf of arrays told apart only by their items (objects of optional properties, strings): the chosen array is never empty and its items match no other's", async () => {
  const flat = { type: "object", properties: { string: { type: "string" }, number: { type: "number" } } };
  const rows = await allValidRows({
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
