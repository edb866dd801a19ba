import assert from "node:assert/strict";
import { test } from "node:test";
import { oneField, schemaFields } from "../../../test/support/schema-fields.ts";
import type { RawField } from "../../config/index.ts";
import { isRowforgeError } from "../../errors/index.ts";
import { resolveSchema } from "./resolve-schema.ts";
import { objectFields } from "./schema-field.ts";

/**
 * The fields a JSON Schema property becomes: its values' keywords (bounds, multipleOf, enums and
 * constants, patterns, formats, nullable, lengths) and combinators (allOf, oneOf, not). Arrays,
 * objects, maps, references and where messages point are in schema-field-structure.test.ts.
 */

test("bounds: draft-04 boolean and draft-06 numeric exclusives, integers rounded inwards", () => {
  assert.deepEqual(
    oneField({ type: "integer", minimum: 0, maximum: 10, exclusiveMinimum: true, exclusiveMaximum: true })
      .options,
    {
      min: 1,
      max: 9,
    },
  );
  assert.deepEqual(oneField({ type: "integer", exclusiveMinimum: 17, exclusiveMaximum: 120 }).options, {
    min: 18,
    max: 119,
  });
  const n = oneField({ type: "number", exclusiveMinimum: 0, maximum: 1 }).options as {
    min: number;
    max: number;
  };
  assert.ok(n.min > 0 && n.min < 1e-5 && n.max === 1);
  assert.equal(oneField({ type: "integer", maximum: 2 ** 40 }).type, "long");
});

test("multipleOf: cents are rounded numbers, small integer ranges are listed, wide ones spread over 1,000 multiples", () => {
  assert.deepEqual(oneField({ type: "number", minimum: 0, maximum: 10, multipleOf: 0.01 }).options, {
    min: 0,
    max: 10,
    round: 2,
  });
  assert.deepEqual(oneField({ type: "integer", minimum: 0, maximum: 20, multipleOf: 5 }).options, {
    oneOf: [0, 5, 10, 15, 20],
  });
  const wide = oneField({ type: "integer", minimum: 0, maximum: 10 ** 9, multipleOf: 7 }).options as {
    oneOf: number[];
  };
  assert.equal(wide.oneOf.length, 1000, "a wide range: 1,000 multiples spread over it");
  assert.ok(wide.oneOf.every((v) => v % 7 === 0 && v >= 0 && v <= 10 ** 9));
  assert.ok(wide.oneOf.at(-1)! > 10 ** 9 - 7);
});

test("oneOf of constants is their union; anyOf with null is a nullable value with some nulls; const is static", () => {
  assert.deepEqual(oneField({ oneOf: [{ const: "a" }, { const: "b" }, { enum: ["c"] }] }).options, {
    oneOf: ["a", "b", "c"],
  });
  const f = oneField({ anyOf: [{ type: "string", maxLength: 4 }, { type: "null" }] });
  assert.equal(f.nullable, true);
  assert.deepEqual(f.options, { minLen: 1, maxLen: 4, enableNull: true });
  assert.equal(oneField({ const: 3 }).static, 3);
  const optional = oneField({ type: "boolean" }, false);
  assert.equal(optional.nullable, true);
  assert.equal(optional.options, undefined, "an optional property is always given, never null");
});

test("allOf merges properties and required, keeping the narrower bounds", () => {
  const f = oneField({
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

test("oneOf generates the alternative no other matches; not, contains and patternProperties are kept to", () => {
  const amount = oneField({
    oneOf: [{ type: "number" }, { type: "integer" }, { type: "string", pattern: "^[0-9]+$" }],
  });
  assert.deepEqual([amount.type, amount.options], ["string", { regex: "[0-9]+" }]);
  const byKind = oneField({
    oneOf: [
      { type: "object", required: ["card"], properties: { card: { type: "string" } } },
      { type: "object", required: ["iban"], properties: { iban: { type: "string" } } },
    ],
  });
  assert.deepEqual(
    (byKind.fields as RawField[]).map((f) => f.name),
    ["card"],
  );
  assert.deepEqual(oneField({ type: "integer", minimum: 0, maximum: 10, not: { const: 3 } }).options, {
    min: 4,
    max: 10,
  });
  assert.deepEqual(oneField({ enum: ["a", "b", "c"], not: { enum: ["b"] } }).options, { oneOf: ["a", "c"] });
  assert.deepEqual(oneField({ type: "string", maxLength: 8, not: { pattern: "\\.\\." } }).options, {
    minLen: 1,
    maxLen: 8,
  });
  assert.deepEqual(oneField({ type: "string", pattern: "^[a-z]{3}$", not: { pattern: "[A-Z]" } }).options, {
    regex: "[a-z]{3}",
  });
  assert.throws(
    () => oneField({ type: "string", not: { pattern: "x" } }),
    (e) =>
      isRowforgeError(e) && /has not: \{pattern: x\} that the strings it generates may match/.test(e.message),
  );
  assert.throws(
    () => oneField({ type: "string", not: { minLength: 3 } }),
    (e) =>
      isRowforgeError(e) && /has not: \{minLength\}, which rowforge does not generate around/.test(e.message),
  );
  assert.deepEqual(
    schemaFields({
      type: "object",
      properties: { a: { type: "string" }, b: { type: "string" } },
      not: { properties: { a: { const: "x" } }, required: ["a"] },
    }).map((f) => f.name),
    ["b"],
    "not: {properties, required} is met by leaving a required one out",
  );
  const scores = oneField({
    type: "array",
    items: { type: "integer", maximum: 100 },
    contains: { minimum: 90 },
    minContains: 2,
  });
  assert.deepEqual(scores.options, { min: 90, max: 100, arrayMinLen: 2, arrayMaxLen: 5 });
  const limits = oneField({
    type: "object",
    properties: { "x-a": { type: "integer" }, b: { type: "integer" } },
    patternProperties: { "^x-": { minimum: 5, maximum: 6 } },
  });
  assert.deepEqual(
    (limits.fields as RawField[]).map((f) => f.options),
    [{ min: 5, max: 6 }, {}],
  );
});

test("oneOf: alternatives told apart by a property the other requires (it is never written), and a oneOf no value can satisfy is refused naming the alternatives", () => {
  const step = oneField({
    type: "object",
    properties: { uses: { type: "string" }, run: { type: "string" }, name: { type: "string" } },
    oneOf: [{ required: ["uses"] }, { required: ["run"] }],
  });
  const names = (step.fields as RawField[]).map((f) => f.name);
  assert.ok(names.includes("uses") && !names.includes("run"), names.join(", "));
  assert.throws(
    () =>
      oneField({
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

test("patterns are read as ECMAScript writes them: [ inside a class and a { that starts no quantifier are literals", () => {
  assert.deepEqual(oneField({ type: "string", pattern: "^[a-z[\\]]{3}$" }).options, {
    regex: "[a-z\\[\\]]{3}",
  });
  assert.deepEqual(oneField({ type: "string", pattern: "^{[0-9]{2}}$" }).options, {
    regex: "\\{[0-9]{2}\\}",
  });
});

test("a pattern of one repeated atom takes minLength/maxLength as its repetition, a format whose values meet the pattern is kept, an allOf part closed by additionalProperties: false sees only its properties", () => {
  assert.deepEqual(oneField({ type: "string", pattern: "^[a-z0-9-]+$", maxLength: 30 }).options, {
    regex: "[a-z0-9-]{1,30}",
  });
  assert.deepEqual(oneField({ type: "string", pattern: "^[a-z0-9-]+$", maxLength: 65535 }).options, {
    regex: "[a-z0-9-]{1,255}",
  });
  assert.deepEqual(oneField({ type: "string", pattern: "^[a-z0-9-]+$" }).options, { regex: "[a-z0-9-]+" });
  assert.deepEqual(oneField({ type: "string", pattern: "^([A-Za-z]*)$", minLength: 1 }).options, {
    regex: "([A-Za-z]{1,20})",
  });
  assert.match(
    String(
      (oneField({ type: "string", format: "email", pattern: "^\\S+@\\S+$" }).options as { regex?: string })
        .regex,
    ),
    /@/,
  );
  const closed = oneField({
    allOf: [
      { type: "object", properties: { a: { type: "string" } } },
      { additionalProperties: false, properties: { b: { type: "string" } } },
    ],
  });
  assert.deepEqual(
    (closed.fields as RawField[]).map((f) => f.name),
    ["b"],
  );
  assert.equal(oneField({ type: "number", format: "int32" }).type, "int");
});

test("OpenAPI 3.0's nullable beside a oneOf/allOf without a type gives no nulls (it widens a type; null must still meet the alternatives)", () => {
  const f = oneField({ nullable: true, oneOf: [{ type: "string" }, { type: "integer" }] });
  assert.equal((f.options as Record<string, unknown> | undefined)?.enableNull, undefined);
  const typed = oneField({ type: "string", nullable: true });
  assert.equal((typed.options as Record<string, unknown>).enableNull, true);
});

test("a date or date-time with a pattern its values meet stays typed; with another pattern it is a string of the pattern", () => {
  assert.equal(
    oneField({ type: "string", format: "date", pattern: "(\\d{4})-(\\d{2})-(\\d{2})" }).type,
    "date",
  );
  const other = oneField({ type: "string", format: "date", pattern: "^[0-9]{8}$" });
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
  assert.equal(
    schemaFields({ type: "object", properties: { x: conflict, y: { type: "boolean" } } }).length,
    1,
  );
  assert.throws(
    () => oneField(conflict),
    (e) =>
      isRowforgeError(e) &&
      /is an allOf of the types "string" and "integer", which no value has at once/.test(e.message),
  );
  assert.equal(oneField({ allOf: [{ type: "number" }, { type: "integer", maximum: 3 }] }).type, "int");
});

test('an enum of values of several types (true, false, "") gives those of the field\'s type', () => {
  const f = oneField({ enum: [true, false, ""] });
  assert.equal(f.type, "boolean");
  assert.deepEqual((f.options as { oneOf: unknown[] }).oneOf, [true, false]);
});

test("a property whose schema is not: {} (no value meets it) is left out when optional, refused when required", () => {
  const f = schemaFields({ type: "object", properties: { name: { type: "string" }, password: { not: {} } } });
  assert.deepEqual(
    f.map((x) => x.name),
    ["name"],
  );
  assert.throws(
    () => oneField({ not: {} }),
    (e) => isRowforgeError(e) && /is not: \{\}, which no value meets/.test(e.message),
  );
});

test("text with a maxLength above 20 is drawn up to it (at most 255: a column's 65535 is a limit, not a length), short on average where the range is wide; without one, up to 20", () => {
  assert.deepEqual(oneField({ type: "string", maxLength: 100 }).options, {
    minLen: 1,
    maxLen: 100,
    avgLen: 11,
  });
  assert.deepEqual(oneField({ type: "string", maxLength: 40 }).options, { minLen: 1, maxLen: 40 });
  assert.deepEqual(oneField({ type: "string", minLength: 30, maxLength: 65535 }).options, {
    minLen: 30,
    maxLen: 255,
    avgLen: 40,
  });
  assert.deepEqual(oneField({ type: "string", minLength: 300, maxLength: 65535 }).options, {
    minLen: 300,
    maxLen: 300,
  });
  assert.deepEqual(oneField({ type: "string" }).options, { minLen: 1 });
});
