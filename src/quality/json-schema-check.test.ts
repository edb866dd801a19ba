import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../../test/support/fixture-dir.ts";
import { OPEN_ACCESS } from "../../test/support/open-access.ts";
import { OUTPUT_KINDS } from "../app/output-kinds.ts";
import { runValidations } from "../app/validations/run-validations.ts";
import { loadProject } from "../config/index.ts";
import type { ValidationResult } from "./validation-result.ts";
import { validationsPlan } from "./validations-plan.ts";

/** An order schema (2020-12): id a pattern, amount >= 0, email a format, status an enum, no other keys. */
const SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  required: ["id", "amount"],
  additionalProperties: false,
  properties: {
    id: { type: "string", pattern: "^ORD[0-9]{4}$" },
    amount: { type: "number", minimum: 0 },
    email: { type: "string", format: "email" },
    status: { enum: ["open", "closed"] },
  },
};

/**
 * Eight orders, each with `doc` (the order as JSON text) and `order` (the same as a nested
 * object). Planted defects: row 3 amount -1, row 5 a bad email, row 6 an extra key, row 7 no id,
 * and row 8's doc is not JSON at all.
 */
const ORDERS: Record<string, unknown>[] = [
  { id: "ORD0001", amount: 1.5, email: "a@x.io", status: "open" },
  { id: "ORD0002", amount: 2, status: "closed" },
  { id: "ORD0003", amount: -1, email: "c@x.io", status: "open" },
  { id: "ORD0004", amount: 4, email: "d@x.io", status: "open" },
  { id: "ORD0005", amount: 5, email: "not-an-email", status: "open" },
  { id: "ORD0006", amount: 6, email: "f@x.io", status: "open", extra: true },
  { amount: 7, email: "g@x.io", status: "closed" },
  { id: "ORD0008", amount: 8, email: "h@x.io", status: "open" },
];
const ROWS = ORDERS.map((o, i) => ({ n: i + 1, doc: i === 7 ? "{oops" : JSON.stringify(o), order: o }));

async function validate(validationsYaml: string): Promise<{ results: ValidationResult[]; dir: string }> {
  const dir = fixtureDir({
    "data/orders/part-00000.json": `${ROWS.map((r) => JSON.stringify(r)).join("\n")}\n`,
    "order.schema.json": JSON.stringify(SCHEMA),
  });
  const file = join(dir, "checks.yaml");
  writeFileSync(
    file,
    `name: order_checks\ndataSources:\n  json:\n    - options: {path: "${join(dir, "data/orders")}"}\n      validations:\n${validationsYaml.replaceAll("$DIR", dir)}`,
  );
  const load = await loadProject([file], { outputKinds: OUTPUT_KINDS, env: {} });
  assert.deepEqual(
    load.diagnostics.filter((d) => d.severity === "error"),
    [],
  );
  return {
    results: await runValidations(validationsPlan([...load.validations.values()], load.config, [file]), {
      access: OPEN_ACCESS,
    }),
    dir,
  };
}

test("matchJsonSchema validates a JSON text field against a JSON Schema file and samples the failures with ajv's message", async () => {
  const { results } = await validate(`        - field: doc
          validation:
            - {type: matchJsonSchema, schemaFile: "$DIR/order.schema.json"}
`);
  const [r] = results;
  assert.equal(r!.success, false);
  assert.equal(r!.records, 8);
  assert.equal(r!.failed, 5);
  assert.deepEqual(
    r!.sample.map((s) => s.n),
    [3, 5, 6, 7, 8],
  );
  const why = r!.sample.map((s) => String(s._error));
  assert.match(why[0]!, /\/amount must be >= 0/);
  assert.match(why[1]!, /\/email must match format "email"/);
  assert.match(why[2]!, /must NOT have additional properties \(extra\)/);
  assert.match(why[3]!, /must have required property 'id'/);
  assert.match(why[4]!, /not JSON/);
});

test("matchJsonSchema with an inline schema checks a nested object field; errorThreshold and negate apply", async () => {
  const inline = JSON.stringify({
    type: "object",
    required: ["id"],
    properties: { amount: { type: "number", minimum: 0 } },
  });
  const { results } = await validate(`        - field: order
          validation:
            - {type: matchJsonSchema, schema: '${inline}'}
            - {type: matchJsonSchema, schema: '${inline}', errorThreshold: 2}
            - {type: matchJsonSchema, schema: '${inline}', negate: true}
`);
  const got = results.map((r) => [r.success, r.records, r.failed]);
  // Failing: amount -1 (row 3) and no id (row 7).
  assert.deepEqual(got, [
    [false, 8, 2],
    [true, 8, 2],
    [false, 8, 6],
  ]);
  assert.deepEqual(
    results[0]!.sample.map((s) => [s.n, s._error]),
    [
      [3, "/amount must be >= 0"],
      [7, "(root) must have required property 'id'"],
    ],
  );
});

test("a matchJsonSchema schema that does not compile or cannot be read fails its validation with RF_VALIDATION_SCHEMA_INVALID", async () => {
  const { results } = await validate(`        - field: doc
          validation:
            - {type: matchJsonSchema, schema: '{"type": "no-such-type"}'}
        - field: doc
          validation:
            - {type: matchJsonSchema, schemaFile: "$DIR/missing.json"}
`);
  assert.deepEqual(
    results.map((r) => [r.success, r.error?.code]),
    [
      [false, "RF_VALIDATION_SCHEMA_INVALID"],
      [false, "RF_VALIDATION_SCHEMA_INVALID"],
    ],
  );
  assert.match(results[1]!.error!.message, /cannot read the schema file .*missing\.json: it does not exist/);
});

test("a Spark DDL schema (Data Caterer's own form) still checks the keys of the JSON", async () => {
  const { results } = await validate(`        - field: doc
          validation:
            - {type: matchJsonSchema, schema: "id STRING, amount DOUBLE, email STRING, status STRING"}
`);
  // Row 6 has an extra key, row 8 is not JSON.
  assert.deepEqual(
    results.map((r) => [r.success, r.failed]),
    [[false, 2]],
  );
});

test('field "*" validates each whole record against the schema (nested fields as objects)', async () => {
  const record = JSON.stringify({
    type: "object",
    required: ["n", "order"],
    properties: {
      n: { type: "integer", maximum: 7 },
      doc: { type: "string" },
      order: { type: "object", required: ["id"] },
    },
  });
  const { results } = await validate(`        - field: "*"
          validation:
            - {type: matchJsonSchema, schema: '${record}'}
`);
  // Row 7 has no order id; row 8's n is above 7.
  assert.deepEqual(
    results.map((r) => [r.success, r.records, r.failed, r.sample.map((s) => s._error)]),
    [[false, 8, 2, ["/order must have required property 'id'", "/n must be <= 7"]]],
  );
});
