import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCliAsync } from "../support/run-cli.ts";

const CONTRACTS = join(import.meta.dirname, "contracts");
const ROWS = 10_000;

/**
 * The same contracts written by hand as JSON Schemas (2020-12), independently of rowforge's
 * mapping: every generated row must pass them. Nullable columns admit null; required ones
 * must be present and not null.
 */
const nullable = (s: Record<string, unknown>) => ({ anyOf: [s, { type: "null" }] });
const SCHEMAS: Record<string, Record<string, unknown>> = {
  orders: {
    type: "object",
    additionalProperties: false,
    required: [
      "order_id",
      "customer_email",
      "status",
      "total",
      "item_count",
      "placed_at",
      "address",
      "lines",
    ],
    properties: {
      order_id: { type: "string", pattern: "^ORD-[0-9]{8}$" },
      customer_email: { type: "string", format: "email" },
      status: { enum: ["placed", "paid", "shipped", "delivered", "cancelled"] },
      channel: { enum: ["web", "app", "phone", null] },
      total: { type: "number", minimum: 0.5, maximum: 5000, multipleOf: 0.01 },
      item_count: { type: "integer", minimum: 1, maximum: 40 },
      coupon: nullable({ type: "string", minLength: 6, maxLength: 10 }),
      placed_at: { type: "string", format: "date-time" },
      ship_date: nullable({ type: "string", format: "date" }),
      gift: { type: ["boolean", "null"] },
      address: {
        type: "object",
        additionalProperties: false,
        required: ["street", "postcode", "country"],
        properties: {
          street: { type: "string", minLength: 3, maxLength: 40 },
          postcode: { type: "string", pattern: "^[0-9]{5}$" },
          country: { enum: ["DE", "FR", "NL", "BE"] },
        },
      },
      lines: {
        type: "array",
        minItems: 1,
        maxItems: 4,
        items: {
          type: "object",
          additionalProperties: false,
          required: ["sku", "quantity", "unit_price"],
          properties: {
            sku: { type: "string", pattern: "^SKU-[A-Z]{3}-[0-9]{4}$" },
            quantity: { type: "integer", minimum: 1, maximum: 9 },
            unit_price: { type: "number", minimum: 0.01, maximum: 999.99 },
          },
        },
      },
      tags: nullable({ type: "array", maxItems: 3, items: { type: "string", pattern: "^[a-z]{3,8}$" } }),
    },
  },
  refunds: {
    type: "object",
    additionalProperties: false,
    required: ["refund_id", "order_id", "amount", "reason"],
    properties: {
      refund_id: { type: "string", format: "uuid" },
      order_id: { type: "string", pattern: "^ORD-[0-9]{8}$" },
      amount: { type: "number", minimum: 1, maximum: 500, multipleOf: 0.01 },
      reason: { enum: ["damaged", "late", "wrong_item", "other"] },
    },
  },
  customers: {
    type: "object",
    additionalProperties: false,
    required: [
      "customer_id",
      "full_name",
      "segment",
      "loyalty_points",
      "signup_date",
      "national_id",
      "active",
    ],
    properties: {
      customer_id: { type: "string", pattern: "^C[0-9]{9}$", maxLength: 10 },
      full_name: { type: "string", minLength: 1, maxLength: 60 },
      segment: { enum: ["retail", "business", "public"] },
      credit_limit: nullable({ type: "number", minimum: 0, maximum: 25000, multipleOf: 0.01 }),
      loyalty_points: { type: "integer", minimum: 0, maximum: 1_000_000 },
      signup_date: { type: "string", format: "date" },
      national_id: { type: "string", pattern: "^[0-9]{3}-[0-9]{2}-[0-9]{4}$" },
      active: { type: "boolean" },
    },
  },
  shipments: {
    type: "object",
    additionalProperties: false,
    required: [
      "shipment_id",
      "order_id",
      "carrier",
      "weight_kg",
      "parcels",
      "contact",
      "items",
      "shipped_at",
    ],
    properties: {
      shipment_id: { type: "string", format: "uuid" },
      order_id: { type: "string", pattern: "^ORD-[0-9]{8}$" },
      carrier: { enum: ["dhl", "ups", "dpd", "gls"] },
      weight_kg: { type: "number", minimum: 0.01, maximum: 70, multipleOf: 0.001 },
      parcels: { type: "integer", minimum: 1, maximum: 5 },
      tracking_url: nullable({ type: "string", format: "uri" }),
      contact: {
        type: "object",
        additionalProperties: false,
        required: ["email"],
        properties: {
          email: { type: "string", format: "email" },
          phone: nullable({ type: "string", pattern: "^\\+[0-9]{10,12}$" }),
        },
      },
      items: {
        type: "array",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["sku", "qty"],
          properties: {
            sku: { type: "string", pattern: "^SKU-[A-Z]{3}-[0-9]{4}$" },
            qty: { type: "integer", minimum: 1, maximum: 3 },
          },
        },
      },
      labels: nullable({ type: "array", items: { enum: ["fragile", "express", "oversize"] } }),
      shipped_at: { type: "string", format: "date-time" },
      note: nullable({ type: "string", maxLength: 30 }),
    },
  },
};
/** Columns the contracts say are unique (primary keys, isUnique, duplicate rules). */
const UNIQUE: Record<string, string[]> = {
  orders: ["order_id"],
  refunds: ["refund_id"],
  customers: ["customer_id", "national_id"],
  shipments: ["shipment_id"],
};

const step = (name: string, kind: string, file: string, extra = "", options = "", rows = ROWS) =>
  `  - name: ${name}\n    type: json\n    count: {records: ${rows}}\n    options: {path: out/${name}, metadataSourceType: ${kind}, dataContractFile: ${join(CONTRACTS, file)}${options}}\n${extra}`;

function readRows(dir: string): Record<string, unknown>[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) =>
      readFileSync(join(dir, f), "utf8")
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    );
}

interface RunJson {
  success: boolean;
  steps: { name: string; records: number }[];
  validations: { description: string; success: boolean; failed: number; kind: string }[];
}

async function run(
  task: string,
  seed = "18",
): Promise<{ dir: string; status: number | null; out: RunJson; stderr: string }> {
  const dir = fixtureDir({ "task.yaml": task });
  const r = await runCliAsync(
    ["run", join(dir, "task.yaml"), "--home", join(dir, "home"), "--seed", seed, "--json"],
    {
      cwd: dir,
      timeoutMs: 180_000,
    },
  );
  assert.ok(r.stdout.trim().startsWith("{"), r.stderr);
  return { dir, status: r.status, out: JSON.parse(r.stdout) as RunJson, stderr: r.stderr };
}

test("10k rows per contract table (ODCS v3 with two tables, ODCS v2, datacontract.yaml) pass hand-written JSON Schemas of the same contracts, unique columns repeat nothing, and the quality rules pass", async () => {
  const r = await run(
    `name: contracts\nsteps:\n${step("orders", "openDataContractStandard", "orders.odcs-v3.yaml")}${step("customers", "odcs", "customers.odcs-v2.yaml")}${step("shipments", "dataContractCli", "shop.datacontract.yaml")}`,
  );
  assert.equal(r.status, 0, `${r.stderr}\n${JSON.stringify(r.out.validations.filter((v) => !v.success))}`);
  // Two tables of one contract: one step each, written beside each other.
  assert.deepEqual(
    r.out.steps.map((s) => [s.name, s.records]),
    [
      ["orders", ROWS],
      ["refunds", ROWS],
      ["customers", ROWS],
      ["shipments", ROWS],
    ],
  );
  const ajv = new Ajv2020.default({ strict: false, allErrors: true, multipleOfPrecision: 9 });
  addFormats.default(ajv as never, { mode: "full" });
  const dirs: Record<string, string> = {
    orders: "out/orders/orders",
    refunds: "out/orders/refunds",
    customers: "out/customers",
    shipments: "out/shipments",
  };
  for (const [table, schema] of Object.entries(SCHEMAS)) {
    const validate = ajv.compile(schema);
    const rows = readRows(join(r.dir, dirs[table]!));
    assert.equal(rows.length, ROWS, table);
    assert.equal(validate({}), false, "the checker rejects a row without the required columns");
    const bad = rows.filter((row) => !validate(row));
    const first = bad[0] !== undefined && !validate(bad[0]) ? JSON.stringify([bad[0], validate.errors]) : "";
    assert.equal(bad.length, 0, `${table}: ${bad.length} of ${ROWS} rows break the contract, e.g. ${first}`);
    for (const column of UNIQUE[table]!) {
      const values = rows.map((row) => row[column]);
      assert.equal(new Set(values).size, ROWS, `${table}.${column} repeats a value`);
    }
  }
  // Optional columns sometimes hold null, required ones never.
  const orders = readRows(join(r.dir, dirs.orders!));
  const nulls = orders.filter((o) => o.coupon === null).length;
  assert.ok(nulls > 500 && nulls < 1500, `about 10% of coupons are null, got ${nulls}`);
  assert.deepEqual(
    r.out.validations.map((v) => [v.description.replace(/ \(where .*$/, ""), v.success]),
    [
      ["row count between 100 and 100000", true],
      ["no order has more than 40 items", true],
      ["every order has an email", true],
      ["status in placed, paid, shipped, delivered, cancelled", true],
      ["channel in web, app, phone", true],
      ["address.country in DE, FR, NL, BE", true],
      ["reason in damaged, late, wrong_item, other", true],
      ["an id is known for every customer", true],
      ["at least 100 shipments a day", true],
      ["row count < 1000000", true],
      ["heavy parcels go by DHL or UPS", true],
    ],
  );
});

test("quality rules fail on planted defects: invalid values, nulls, too few rows, a count query's bound", async () => {
  const r = await run(
    `name: defects\nsteps:\n${step(
      "orders",
      "odcs",
      "orders.odcs-v3.yaml",
      "    fields:\n      - {name: status, static: lost}\n      - {name: customer_email, options: {enableNull: true, nullProb: 0.5}}\n      - {name: item_count, type: int, options: {min: 35, max: 60}}\n",
      ", dataContractSchema: orders",
      60,
    )}${step(
      "customers",
      "odcs",
      "customers.odcs-v2.yaml",
      "    fields:\n      - {name: national_id, options: {regex: '[0-9]{3}-[0-9]{2}-[0-9]{4}', enableNull: true}}\n",
    )}${step("shipments", "dataContractCli", "shop.datacontract.yaml", "", "", 99)}`,
  );
  assert.equal(r.status, 3, r.stderr);
  const result = (d: string) => {
    // A count with a WHERE says its filter after the description.
    const v = r.out.validations.find((x) => x.description === d || x.description.startsWith(`${d} (where`));
    assert.ok(v, `no validation "${d}" in ${JSON.stringify(r.out.validations.map((x) => x.description))}`);
    return v;
  };
  assert.equal(result("row count between 100 and 100000").success, false);
  assert.equal(result("no order has more than 40 items").success, false);
  assert.equal(result("every order has an email").success, false);
  const status = result("status in placed, paid, shipped, delivered, cancelled");
  assert.deepEqual([status.success, status.failed], [false, 60]);
  assert.equal(result("channel in web, app, phone").success, true, "an untouched column still passes");
  assert.equal(result("an id is known for every customer").success, false);
  assert.equal(result("at least 100 shipments a day").success, false);
  assert.equal(result("row count < 1000000").success, true);
  assert.equal(
    r.out.validations.some((v) => v.description.startsWith("reason")),
    false,
    "dataContractSchema: orders leaves the refunds table out",
  );
});

test("validate lists the rules not run and why; an unknown table in dataContractSchema is refused with did-you-mean", async () => {
  const dir = fixtureDir({
    "task.yaml": `name: listing\nsteps:\n${step("orders", "odcs", "orders.odcs-v3.yaml")}${step("customers", "odcs", "customers.odcs-v2.yaml")}${step("shipments", "dataContractCli", "shop.datacontract.yaml")}`,
    "typo.yaml": `name: typo\nsteps:\n${step("orders", "odcs", "orders.odcs-v3.yaml", "", ", dataContractSchema: refund")}`,
  });
  const v = await runCliAsync(["validate", join(dir, "task.yaml")], { cwd: dir });
  assert.equal(v.status, 0, v.stderr);
  const text = v.stdout + v.stderr;
  assert.match(
    text,
    /step orders: 13 field\(s\) from openDataContractStandard .*orders\.odcs-v3\.yaml, 6 validation\(s\) from its rules/,
  );
  assert.match(text, /step refunds \(from step orders\): 4 field\(s\) .*, 1 validation\(s\)/);
  assert.match(
    text,
    /rule not run: "a sum is not a count" \(table orders, schema\[0\]\.quality\[2\]\): SQL other than SELECT COUNT\(\*\) FROM <the table>/,
  );
  assert.match(
    text,
    /rule not run: "totals are in euros" \(table orders, schema\[0\]\.quality\[3\]\): a description in words/,
  );
  assert.match(
    text,
    /rule not run: custom \(table orders, schema\[0\]\.quality\[4\]\): an implementation for soda, which rowforge does not run/,
  );
  assert.match(
    text,
    /rule not run: countCheck \(table customers, dataset\[0\]\.quality\[0\]\): states no bound on the row count/,
  );
  assert.match(text, /rule not run: quality \(SodaCL\): another engine's check block/);
  assert.match(
    text,
    /rule not run: "free text from the warehouse" \(column note, models\.shipments\.fields\.note\.quality\[0\]\): a description in words/,
  );
  const t = await runCliAsync(["validate", join(dir, "typo.yaml")], { cwd: dir });
  assert.equal(t.status, 2, t.stderr);
  assert.match(
    t.stderr,
    /RF_METADATA_SCHEMA_INVALID: step "orders": ODCS contract .*orders\.odcs-v3\.yaml has no table "refund" \(dataContractSchema\); did you mean "refunds"/,
  );
});

test("a datacontract.yaml given as ODCS (and the reverse) is refused naming the kind to use", async () => {
  const dir = fixtureDir({
    "task.yaml": `name: swapped\nsteps:\n${step("a", "odcs", "shop.datacontract.yaml")}${step("b", "dataContractCli", "orders.odcs-v3.yaml")}`,
  });
  const v = await runCliAsync(["validate", join(dir, "task.yaml")], { cwd: dir });
  assert.equal(v.status, 2, v.stderr);
  assert.match(
    v.stderr,
    /step "a": ODCS contract .* is not an Open Data Contract Standard document.*\n.*metadataSourceType dataContractCli/,
  );
  assert.match(v.stderr, /step "b": data contract .* is not a datacontract\.yaml: it has no models/);
});
