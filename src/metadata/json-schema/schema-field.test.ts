import assert from "node:assert/strict";
import { test } from "node:test";
import type { RawField } from "../../config/index.ts";
import { isRowforgeError } from "../../errors/index.ts";
import { resolveSchema } from "./resolve-schema.ts";
import { objectFields } from "./schema-field.ts";

const fieldsOf = (schema: Record<string, unknown>): RawField[] => {
  const scope = { root: schema, where: 'step "s": JSON Schema s.json' };
  return objectFields(resolveSchema(schema, scope, [], ""), scope, "#");
};
const one = (property: unknown, required = true): RawField =>
  fieldsOf({ type: "object", required: required ? ["x"] : [], properties: { x: property } })[0]!;

test("bounds: draft-04 boolean and draft-06 numeric exclusives, integers rounded inwards", () => {
  assert.deepEqual(
    one({ type: "integer", minimum: 0, maximum: 10, exclusiveMinimum: true, exclusiveMaximum: true }).options,
    {
      min: 1,
      max: 9,
    },
  );
  assert.deepEqual(one({ type: "integer", exclusiveMinimum: 17, exclusiveMaximum: 120 }).options, {
    min: 18,
    max: 119,
  });
  const n = one({ type: "number", exclusiveMinimum: 0, maximum: 1 }).options as { min: number; max: number };
  assert.ok(n.min > 0 && n.min < 1e-5 && n.max === 1);
  assert.equal(one({ type: "integer", maximum: 2 ** 40 }).type, "long");
});

test("multipleOf: cents are rounded numbers, small integer ranges are listed, wide ones spread over 1,000 multiples", () => {
  assert.deepEqual(one({ type: "number", minimum: 0, maximum: 10, multipleOf: 0.01 }).options, {
    min: 0,
    max: 10,
    round: 2,
  });
  assert.deepEqual(one({ type: "integer", minimum: 0, maximum: 20, multipleOf: 5 }).options, {
    oneOf: [0, 5, 10, 15, 20],
  });
  const wide = one({ type: "integer", minimum: 0, maximum: 10 ** 9, multipleOf: 7 }).options as {
    oneOf: number[];
  };
  assert.equal(wide.oneOf.length, 1000, "a wide range: 1,000 multiples spread over it");
  assert.ok(wide.oneOf.every((v) => v % 7 === 0 && v >= 0 && v <= 10 ** 9));
  assert.ok(wide.oneOf.at(-1)! > 10 ** 9 - 7);
});

test("oneOf of constants is their union; anyOf with null is a nullable value with some nulls; const is static", () => {
  assert.deepEqual(one({ oneOf: [{ const: "a" }, { const: "b" }, { enum: ["c"] }] }).options, {
    oneOf: ["a", "b", "c"],
  });
  const f = one({ anyOf: [{ type: "string", maxLength: 4 }, { type: "null" }] });
  assert.equal(f.nullable, true);
  assert.deepEqual(f.options, { minLen: 1, maxLen: 4, enableNull: true });
  assert.equal(one({ const: 3 }).static, 3);
  const optional = one({ type: "boolean" }, false);
  assert.equal(optional.nullable, true);
  assert.equal(optional.options, undefined, "an optional property is always given, never null");
});

test("allOf merges properties and required, keeping the narrower bounds", () => {
  const f = one({
    allOf: [
      { type: "object", required: ["a"], properties: { a: { type: "integer", minimum: 0, maximum: 100 } } },
      { required: ["b"], properties: { a: { maximum: 10 }, b: { type: "string", format: "uuid" } } },
    ],
  });
  assert.equal(f.type, "struct");
  const [a, b] = f.fields as RawField[];
  assert.deepEqual([a!.name, a!.nullable, a!.options], ["a", false, { min: 0, max: 10 }]);
  assert.deepEqual([b!.name, b!.nullable, b!.options], ["b", false, { uuid: "" }]);
});

test("arrays: items of objects are arrays of structs; distinct small integers and enums are drawn without repeats", () => {
  const objects = one({
    type: "array",
    minItems: 1,
    items: { type: "object", properties: { q: { type: "integer" } } },
  });
  assert.equal(objects.type, "array");
  assert.deepEqual(objects.options, { arrayMinLen: 1, arrayMaxLen: 5 });
  const lotto = one({
    type: "array",
    minItems: 6,
    maxItems: 6,
    uniqueItems: true,
    items: { type: "integer", minimum: 1, maximum: 49 },
  });
  assert.equal(lotto.type, "array<int>");
  assert.equal((lotto.options as { arrayUniqueFrom: number[] }).arrayUniqueFrom.length, 49);
  const tags = one({ type: "array", uniqueItems: true, items: { enum: ["a", "b"] } });
  assert.deepEqual(tags.options, { arrayMinLen: 0, arrayMaxLen: 5, arrayUniqueFrom: ["a", "b"] });
});

test("references: the same definition twice is fine, an optional cycle is cut, a required cycle and a reference outside the document are refused", () => {
  const defs = { $defs: { p: { type: "string", pattern: "^P[0-9]{3}$" } } };
  const two = fieldsOf({
    type: "object",
    properties: { a: { $ref: "#/$defs/p" }, b: { $ref: "#/$defs/p" } },
    ...defs,
  });
  assert.deepEqual(
    two.map((f) => f.options),
    [{ regex: "P[0-9]{3}" }, { regex: "P[0-9]{3}" }],
  );
  const list = fieldsOf({
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
      fieldsOf({
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
    () => fieldsOf({ type: "object", properties: { a: { $ref: "other.json#/x" } } }),
    (e) => isRowforgeError(e) && /only references inside the same document/.test(e.message),
  );
});

test("oneOf generates the alternative no other matches; not, contains and patternProperties are kept to", () => {
  const amount = one({
    oneOf: [{ type: "number" }, { type: "integer" }, { type: "string", pattern: "^[0-9]+$" }],
  });
  assert.deepEqual([amount.type, amount.options], ["string", { regex: "[0-9]+" }]);
  const byKind = one({
    oneOf: [
      { type: "object", required: ["card"], properties: { card: { type: "string" } } },
      { type: "object", required: ["iban"], properties: { iban: { type: "string" } } },
    ],
  });
  assert.deepEqual(
    (byKind.fields as RawField[]).map((f) => f.name),
    ["card"],
  );
  assert.deepEqual(one({ type: "integer", minimum: 0, maximum: 10, not: { const: 3 } }).options, {
    min: 4,
    max: 10,
  });
  assert.deepEqual(one({ enum: ["a", "b", "c"], not: { enum: ["b"] } }).options, { oneOf: ["a", "c"] });
  assert.deepEqual(one({ type: "string", maxLength: 8, not: { pattern: "\\.\\." } }).options, {
    minLen: 1,
    maxLen: 8,
  });
  assert.deepEqual(one({ type: "string", pattern: "^[a-z]{3}$", not: { pattern: "[A-Z]" } }).options, {
    regex: "[a-z]{3}",
  });
  assert.throws(
    () => one({ type: "string", not: { pattern: "x" } }),
    (e) =>
      isRowforgeError(e) && /has not: \{pattern: x\} that the strings it generates may match/.test(e.message),
  );
  assert.throws(
    () => one({ type: "string", not: { minLength: 3 } }),
    (e) =>
      isRowforgeError(e) && /has not: \{minLength\}, which rowforge does not generate around/.test(e.message),
  );
  assert.deepEqual(
    fieldsOf({
      type: "object",
      properties: { a: { type: "string" }, b: { type: "string" } },
      not: { properties: { a: { const: "x" } }, required: ["a"] },
    }).map((f) => f.name),
    ["b"],
    "not: {properties, required} is met by leaving a required one out",
  );
  const scores = one({
    type: "array",
    items: { type: "integer", maximum: 100 },
    contains: { minimum: 90 },
    minContains: 2,
  });
  assert.deepEqual(scores.options, { min: 90, max: 100, arrayMinLen: 2, arrayMaxLen: 5 });
  const limits = one({
    type: "object",
    properties: { "x-a": { type: "integer" }, b: { type: "integer" } },
    patternProperties: { "^x-": { minimum: 5, maximum: 6 } },
  });
  assert.deepEqual(
    (limits.fields as RawField[]).map((f) => f.options),
    [{ min: 5, max: 6 }, {}],
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
  const jobs = one({
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
  const env = one({
    type: "object",
    additionalProperties: { type: "string", maxLength: 4 },
    propertyNames: { pattern: "^[A-Z_]+$" },
  });
  for (const e of env.fields as RawField[]) {
    assert.match(String(e.name), /^[A-Z_]+$/);
    assert.deepEqual(e.type, "string");
  }
  const counted = one({ type: "object", minProperties: 3, properties: { a: { type: "integer" } } });
  assert.equal((counted.fields as RawField[]).length, 3, "two more than the one declared");
  assert.throws(
    () =>
      one({
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
      fieldsOf({
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
      () => fieldsOf(schema),
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

test("oneOf: alternatives told apart by a property the other requires (it is never written), and a oneOf no value can satisfy is refused naming the alternatives", () => {
  const step = one({
    type: "object",
    properties: { uses: { type: "string" }, run: { type: "string" }, name: { type: "string" } },
    oneOf: [{ required: ["uses"] }, { required: ["run"] }],
  });
  const names = (step.fields as RawField[]).map((f) => f.name);
  assert.ok(names.includes("uses") && !names.includes("run"), names.join(", "));
  assert.throws(
    () =>
      one({
        oneOf: [
          { type: "string", maxLength: 5 },
          { type: "string", maxLength: 5 },
        ],
      }),
    (e) =>
      isRowforgeError(e) &&
      /#\/properties\/x\/oneOf is a oneOf that no value can satisfy: every value of alternative 0 also matches alternative 1/.test(
        e.message,
      ),
  );
});

test("uniqueItems: strings of a pattern are drawn from a pool of distinct ones, arrays of objects hold one", () => {
  const tags = one({
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
  const rules = one({
    type: "array",
    uniqueItems: true,
    items: { type: "object", properties: { mode: { enum: ["a", "b"] } } },
  });
  assert.equal((rules.options as Record<string, unknown>).arrayMaxLen, 1);
});

test("patterns are read as ECMAScript writes them: [ inside a class and a { that starts no quantifier are literals", () => {
  assert.deepEqual(one({ type: "string", pattern: "^[a-z[\\]]{3}$" }).options, { regex: "[a-z\\[\\]]{3}" });
  assert.deepEqual(one({ type: "string", pattern: "^{[0-9]{2}}$" }).options, { regex: "\\{[0-9]{2}\\}" });
});

test("a pattern of one repeated atom takes minLength/maxLength as its repetition, a format whose values meet the pattern is kept, an allOf part closed by additionalProperties: false sees only its properties", () => {
  assert.deepEqual(one({ type: "string", pattern: "^[a-z0-9-]+$", maxLength: 30 }).options, {
    regex: "[a-z0-9-]{1,30}",
  });
  assert.deepEqual(one({ type: "string", pattern: "^[a-z0-9-]+$", maxLength: 65535 }).options, {
    regex: "[a-z0-9-]{1,255}",
  });
  assert.deepEqual(one({ type: "string", pattern: "^[a-z0-9-]+$" }).options, { regex: "[a-z0-9-]+" });
  assert.deepEqual(one({ type: "string", pattern: "^([A-Za-z]*)$", minLength: 1 }).options, {
    regex: "([A-Za-z]{1,20})",
  });
  assert.match(
    String(
      (one({ type: "string", format: "email", pattern: "^\\S+@\\S+$" }).options as { regex?: string }).regex,
    ),
    /@/,
  );
  const closed = one({
    allOf: [
      { type: "object", properties: { a: { type: "string" } } },
      { additionalProperties: false, properties: { b: { type: "string" } } },
    ],
  });
  assert.deepEqual(
    (closed.fields as RawField[]).map((f) => f.name),
    ["b"],
  );
  assert.equal(one({ type: "number", format: "int32" }).type, "int");
});

test("OpenAPI 3.0's nullable beside a oneOf/allOf without a type gives no nulls (it widens a type; null must still meet the alternatives)", () => {
  const f = one({ nullable: true, oneOf: [{ type: "string" }, { type: "integer" }] });
  assert.equal((f.options as Record<string, unknown> | undefined)?.enableNull, undefined);
  const typed = one({ type: "string", nullable: true });
  assert.equal((typed.options as Record<string, unknown>).enableNull, true);
});

test("a date or date-time with a pattern its values meet stays typed; with another pattern it is a string of the pattern", () => {
  assert.equal(one({ type: "string", format: "date", pattern: "(\\d{4})-(\\d{2})-(\\d{2})" }).type, "date");
  const other = one({ type: "string", format: "date", pattern: "^[0-9]{8}$" });
  assert.equal(other.type, "string");
  assert.equal((other.options as { regex: string }).regex, "[0-9]{8}");
});

test("OpenAPI 3.1's nullable is no keyword (readsNullable false): no nulls", () => {
  const scope = { root: {}, where: "s", readsNullable: false };
  const s = { type: "object", required: ["x"], properties: { x: { type: "string", nullable: true } } };
  const [f] = objectFields(resolveSchema(s, scope, [], ""), scope, "#");
  assert.equal((f!.options as Record<string, unknown> | undefined)?.enableNull, undefined);
});

test("an allOf of types no value has at once (string and integer) allows no value: an optional property is left out, a required one refused naming it", () => {
  const conflict = { allOf: [{ type: "string" }, { type: "integer" }] };
  assert.equal(fieldsOf({ type: "object", properties: { x: conflict, y: { type: "boolean" } } }).length, 1);
  assert.throws(
    () => one(conflict),
    (e) =>
      isRowforgeError(e) &&
      /is an allOf of the types "string" and "integer", which no value has at once/.test(e.message),
  );
  assert.equal(one({ allOf: [{ type: "number" }, { type: "integer", maximum: 3 }] }).type, "int");
});

test('an enum of values of several types (true, false, "") gives those of the field\'s type', () => {
  const f = one({ enum: [true, false, ""] });
  assert.equal(f.type, "boolean");
  assert.deepEqual((f.options as { oneOf: unknown[] }).oneOf, [true, false]);
});

test("arrays of arrays hold at most 2 items a level unless minItems asks more (nested arrays multiply)", () => {
  const deep = one({
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
  const stages = one({
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
  const alone = fieldsOf({ type: "object", properties: { jobs: { type: "array", items: job } } })[0]!;
  assert.equal(max(alone), 5);
  assert.equal(max(child(alone, "steps")), 2);
});

test("a property whose schema is not: {} (no value meets it) is left out when optional, refused when required", () => {
  const f = fieldsOf({ type: "object", properties: { name: { type: "string" }, password: { not: {} } } });
  assert.deepEqual(
    f.map((x) => x.name),
    ["name"],
  );
  assert.throws(
    () => one({ not: {} }),
    (e) => isRowforgeError(e) && /is not: \{\}, which no value meets/.test(e.message),
  );
});

test("text with a maxLength above 20 is drawn up to it (at most 255: a column's 65535 is a limit, not a length), short on average where the range is wide; without one, up to 20", () => {
  assert.deepEqual(one({ type: "string", maxLength: 100 }).options, { minLen: 1, maxLen: 100, avgLen: 11 });
  assert.deepEqual(one({ type: "string", maxLength: 40 }).options, { minLen: 1, maxLen: 40 });
  assert.deepEqual(one({ type: "string", minLength: 30, maxLength: 65535 }).options, {
    minLen: 30,
    maxLen: 255,
    avgLen: 40,
  });
  assert.deepEqual(one({ type: "string", minLength: 300, maxLength: 65535 }).options, {
    minLen: 300,
    maxLen: 300,
  });
  assert.deepEqual(one({ type: "string" }).options, { minLen: 1 });
});
