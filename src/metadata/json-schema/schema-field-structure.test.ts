import assert from "node:assert/strict";
import { test } from "node:test";
import { oneField, schemaFields } from "../../../test/support/schema-fields.ts";
import type { RawField } from "../../config/index.ts";
import { isRowforgeError } from "../../errors/index.ts";
import { resolveSchema } from "./resolve-schema.ts";
import { objectFields } from "./schema-field.ts";

/**
 * The fields a JSON Schema's structure becomes: arrays (nesting, lengths, unique items), objects
 * and maps (optional, pattern and additional properties), references, and messages that point
 * at the schema as the user wrote it.
 */

test("arrays: items of objects are arrays of structs; distinct small integers and enums are drawn without repeats", () => {
  const objects = oneField({
    type: "array",
    minItems: 1,
    items: { type: "object", properties: { q: { type: "integer" } } },
  });
  assert.equal(objects.type, "array");
  assert.deepEqual(objects.options, { arrayMinLen: 1, arrayMaxLen: 5 });
  const lotto = oneField({
    type: "array",
    minItems: 6,
    maxItems: 6,
    uniqueItems: true,
    items: { type: "integer", minimum: 1, maximum: 49 },
  });
  assert.equal(lotto.type, "array<int>");
  assert.equal((lotto.options as { arrayUniqueFrom: number[] }).arrayUniqueFrom.length, 49);
  const tags = oneField({ type: "array", uniqueItems: true, items: { enum: ["a", "b"] } });
  assert.deepEqual(tags.options, { arrayMinLen: 0, arrayMaxLen: 5, arrayUniqueFrom: ["a", "b"] });
});

test("references: the same definition twice is fine, an optional cycle is cut, a required cycle and a reference outside the document are refused", () => {
  const defs = { $defs: { p: { type: "string", pattern: "^P[0-9]{3}$" } } };
  const two = schemaFields({
    type: "object",
    properties: { a: { $ref: "#/$defs/p" }, b: { $ref: "#/$defs/p" } },
    ...defs,
  });
  assert.deepEqual(
    two.map((f) => f.options),
    [{ regex: "P[0-9]{3}" }, { regex: "P[0-9]{3}" }],
  );
  const list = schemaFields({
    type: "object",
    properties: { n: { $ref: "#/definitions/n" } },
    definitions: {
      n: { type: "object", properties: { v: { type: "integer" }, next: { $ref: "#/definitions/n" } } },
    },
  });
  assert.deepEqual(
    (list[0]?.fields as RawField[] | undefined)?.map((f) => f.name),
    ["v"],
    "the optional recursive property is left out one level down",
  );
  assert.throws(
    () =>
      schemaFields({
        type: "object",
        required: ["n"],
        properties: { n: { $ref: "#/definitions/n" } },
        definitions: {
          n: { type: "object", required: ["next"], properties: { next: { $ref: "#/definitions/n" } } },
        },
      }),
    (e) =>
      isRowforgeError(e) && /refers to itself through #\/definitions\/n -> #\/definitions\/n/.test(e.message),
  );
  assert.throws(
    () => schemaFields({ type: "object", properties: { a: { $ref: "other.json#/x" } } }),
    (e) => isRowforgeError(e) && /only references inside the same document/.test(e.message),
  );
});

test("optional properties are sometimes absent in JSON output, except in objects that count or tie their properties", () => {
  const scope = { root: {}, where: 'step "s": JSON Schema s.json', optionalAbsent: true };
  const fields = (schema: Record<string, unknown>) =>
    objectFields(resolveSchema(schema, scope, [], ""), scope, "#");
  const [a, b] = fields({
    type: "object",
    required: ["a"],
    properties: { a: { type: ["string", "null"] }, b: { type: "integer" } },
  });
  assert.equal(
    (a!.options as Record<string, unknown>).enableNull,
    undefined,
    "a required property is never left out",
  );
  assert.deepEqual(b!.options, { enableNull: true, nullProb: 0.2 });
  const counted = fields({
    type: "object",
    minProperties: 2,
    properties: { x: { type: "boolean" }, y: { type: "boolean" } },
  });
  assert.deepEqual(
    counted.map((f) => f.options),
    [undefined, undefined],
  );
});

test("objects defined by patternProperties or additionalProperties get entries: names from the patterns, minProperties met, propertyNames kept", () => {
  const jobs = oneField({
    type: "object",
    minProperties: 1,
    patternProperties: {
      "^[_a-zA-Z][a-zA-Z0-9_-]*$": {
        type: "object",
        required: ["runs-on"],
        properties: { "runs-on": { type: "string" } },
      },
    },
    additionalProperties: false,
  });
  const entries = jobs.fields as RawField[];
  assert.equal(jobs.type, "struct");
  assert.ok(entries.length >= 1 && entries.length <= 3, `${entries.length} entries`);
  for (const e of entries) {
    assert.match(String(e.name), /^[_a-zA-Z][a-zA-Z0-9_-]*$/);
    assert.equal(e.type, "struct");
  }
  assert.equal(entries[0]!.nullable, false, "the first entry meets minProperties: 1 in every row");
  const env = oneField({
    type: "object",
    additionalProperties: { type: "string", maxLength: 4 },
    propertyNames: { pattern: "^[A-Z_]+$" },
  });
  for (const e of env.fields as RawField[]) {
    assert.match(String(e.name), /^[A-Z_]+$/);
    assert.deepEqual(e.type, "string");
  }
  const counted = oneField({ type: "object", minProperties: 3, properties: { a: { type: "integer" } } });
  assert.equal((counted.fields as RawField[]).length, 3, "two more than the one declared");
  assert.throws(
    () =>
      oneField({
        type: "object",
        minProperties: 2,
        properties: { a: { type: "integer" } },
        additionalProperties: false,
      }),
    /needs 2 properties but declares 1 and allows no others/,
  );
});

test("messages point at the schema as the user wrote it: a then branch's property, not the hidden field it is generated through", () => {
  assert.throws(
    () =>
      schemaFields({
        type: "object",
        properties: { kind: { enum: ["a", "b"] }, code: { type: "string" } },
        if: { properties: { kind: { const: "a" } } },
        // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword under test
        then: { properties: { code: { not: { minLength: 2 } } } },
      }),
    (e) =>
      isRowforgeError(e) &&
      /the schema at #\/then\/properties\/code has not/.test(e.message) &&
      !/__then/.test(e.message),
  );
});

test("messages point at the schema as the user wrote it: an entry of a map by its pattern or additionalProperties (not its drawn name), a name with a slash escaped", () => {
  const refused = (schema: Record<string, unknown>, pointer: string) =>
    assert.throws(
      () => schemaFields(schema),
      (e) => isRowforgeError(e) && e.message.includes(`the schema at ${pointer} `),
      pointer,
    );
  const never = { type: "string", enum: [] };
  refused(
    {
      type: "object",
      required: ["jobs"],
      properties: { jobs: { type: "object", minProperties: 1, patternProperties: { "^[a-z]+/x$": never } } },
    },
    "#/properties/jobs/patternProperties/^[a-z]+~1x$",
  );
  refused(
    {
      type: "object",
      required: ["env"],
      properties: { env: { type: "object", minProperties: 1, additionalProperties: never } },
    },
    "#/properties/env/additionalProperties",
  );
  refused({ type: "object", required: ["a/b"], properties: { "a/b": never } }, "#/properties/a~1b");
  refused({ type: "object", required: ["token"], additionalProperties: never }, "#/additionalProperties");
});

test("uniqueItems: strings of a pattern are drawn from a pool of distinct ones, arrays of objects hold one", () => {
  const tags = oneField({
    type: "array",
    uniqueItems: true,
    maxItems: 4,
    items: { type: "string", pattern: "^[a-c]{1,2}$" },
  });
  const pool = (tags.options as { arrayUniqueFrom: string[] }).arrayUniqueFrom;
  assert.equal(new Set(pool).size, pool.length);
  assert.ok(
    pool.length >= 4 && pool.length <= 12 && pool.every((t) => /^[a-c]{1,2}$/.test(t)),
    pool.join(","),
  );
  assert.equal((tags.options as Record<string, unknown>).regex, undefined);
  const rules = oneField({
    type: "array",
    uniqueItems: true,
    items: { type: "object", properties: { mode: { enum: ["a", "b"] } } },
  });
  assert.equal((rules.options as Record<string, unknown>).arrayMaxLen, 1);
});

test("arrays of arrays hold at most 2 items a level unless minItems asks more (nested arrays multiply)", () => {
  const deep = oneField({
    type: "array",
    items: { type: "array", minItems: 3, items: { type: "array", items: { type: "integer" } } },
  });
  assert.equal((deep.options as { arrayMaxLen: number }).arrayMaxLen, 2);
  const element = (deep.fields as RawField[])[0]!;
  assert.equal((element.options as { arrayMaxLen: number }).arrayMaxLen, 3, "minItems 3 asks more");
  assert.equal(
    ((element.fields as RawField[])[0]!.options as { arrayMaxLen: number }).arrayMaxLen,
    5,
    "the innermost holds scalars",
  );
});

test("arrays of objects inside another array's items hold fewer items each level deeper (5, 2, 1) unless minItems asks more", () => {
  const step = { type: "object", properties: { tags: { type: "array", items: { type: "string" } } } };
  const job = {
    type: "object",
    properties: {
      steps: { type: "array", items: step },
      retries: {
        type: "array",
        minItems: 3,
        items: { type: "object", properties: { n: { type: "integer" } } },
      },
      pool: {
        type: "object",
        properties: { demands: { type: "array", items: { type: "array", items: step } } },
      },
    },
  };
  const stages = oneField({
    type: "array",
    maxItems: 50,
    items: { type: "object", properties: { jobs: { type: "array", items: job } } },
  });
  const max = (f: RawField) => (f.options as { arrayMaxLen: number }).arrayMaxLen;
  const child = (f: RawField, name: string) => (f.fields as RawField[]).find((x) => x.name === name)!;
  assert.equal(max(stages), 5, "the outermost keeps the default length");
  const jobs = child(stages, "jobs");
  assert.equal(max(jobs), 2);
  const steps = child(jobs, "steps");
  assert.equal(max(steps), 1);
  assert.equal(max(child(steps, "tags")), 5, "arrays of scalars end the nesting");
  assert.equal(max(child(jobs, "retries")), 3, "minItems 3 asks more");
  const demands = child(child(jobs, "pool"), "demands");
  assert.equal(max(demands), 1, "an array inside an object of the items is as deep as the object");
  assert.equal(max((demands.fields as RawField[])[0]!), 1);
  // An array of objects not inside another array keeps its length.
  const alone = schemaFields({ type: "object", properties: { jobs: { type: "array", items: job } } })[0]!;
  assert.equal(max(alone), 5);
  assert.equal(max(child(alone, "steps")), 2);
});
