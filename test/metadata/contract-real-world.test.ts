import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { corpusDocument } from "../support/corpus/corpus-manifest.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCliAsync } from "../support/run-cli.ts";

/**
 * The ODCS v3.2.0 examples (test/metadata/corpus/contracts.json) run as a user runs them, beyond
 * what the corpus test checks (test/metadata/corpus.test.ts: rows against a JSON Schema derived
 * from the contract, templates without tables refused): 1,000 rows per table with `rowforge
 * run`, every row read back and checked by ajv against a JSON Schema written by hand from the
 * same contract, the contract's own rules passing, and its relationships checked on the files:
 * every child key is a parent's.
 */

const ROWS = 1000;
const nullable = (s: Record<string, unknown>) => ({ anyOf: [s, { type: "null" }] });

/** The tables of the two ODCS v3.2.0 examples as JSON Schemas, read by hand from the contracts. */
const SCHEMAS: Record<string, Record<string, Record<string, unknown>>> = {
  "odcs/full-example-v3.2.0": {
    tbl: {
      type: "object",
      additionalProperties: false,
      required: ["rcvr_id", "rcvr_cntry_code"],
      properties: {
        transaction_reference_date: nullable({ type: "string", format: "date" }),
        rcvr_id: { type: "string", minLength: 1, maxLength: 18 },
        rcvr_cntry_code: { enum: ["US", "CA", "MX"] },
      },
    },
    receivers: {
      type: "object",
      additionalProperties: false,
      required: ["id", "country_code", "receiver_name"],
      properties: {
        id: { type: "string", minLength: 1, maxLength: 18 },
        country_code: { type: "string", minLength: 1, maxLength: 2 },
        receiver_name: { type: "string", maxLength: 255 },
        receiver_type: nullable({ type: "string", maxLength: 20 }),
        receiver_attributes: nullable({ type: "object", additionalProperties: { type: "string" } }),
      },
    },
  },
  "odcs/all-new-fields-v3.2.0": {
    turnover: {
      type: "object",
      additionalProperties: false,
      properties: {
        total_turnover_euros: nullable({ type: "number" }),
        country_code: { enum: ["FR", "DE", null] },
        attributes: nullable({
          type: "object",
          additionalProperties: {
            type: "object",
            additionalProperties: false,
            properties: { unit: { enum: ["EUR", null] } },
          },
        }),
        embedding: nullable({ type: "array", minItems: 1536, maxItems: 1536, items: { type: "number" } }),
        legacy_flag: nullable({ type: "boolean" }),
      },
    },
  },
};

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

async function run(options: Readonly<Record<string, string>>, file: string) {
  const opts = Object.entries({ ...options, path: "out", dataContractFile: file })
    .map(([k, v]) => `${k}: "${v}"`)
    .join(", ");
  const dir = fixtureDir({
    "task.yaml": `name: contract\nsteps:\n  - name: data\n    type: json\n    count: {records: ${ROWS}}\n    options: {${opts}}\n`,
  });
  const r = await runCliAsync(["run", join(dir, "task.yaml"), "--home", join(dir, "home"), "--json"], {
    cwd: dir,
    timeoutMs: 180_000,
  });
  return { dir, status: r.status, stdout: r.stdout, stderr: r.stderr };
}

for (const id of Object.keys(SCHEMAS)) {
  test(`contract ${id}: ${ROWS} rows per table meet the contract, its relationships and its own rules`, async () => {
    const { document, path } = corpusDocument("contracts.json", id);
    const r = await run({ metadataSourceType: document.task!.options.metadataSourceType! }, path);
    // The contract's own rules run after the step; only a row count above the 1,000 rows may fail.
    const out = JSON.parse(r.stdout) as {
      validations: { description: string; success: boolean; kind: string }[];
    };
    const failed = (out.validations ?? []).filter((v) => !v.success);
    assert.ok(r.status === 0 || r.status === 3, r.stderr);
    assert.deepEqual(
      failed.map((v) => v.kind),
      failed.map(() => "groupBy"),
      `only row counts fail: ${JSON.stringify(failed)}`,
    );
    const ajv = new Ajv2020.default({ strict: false, allErrors: true });
    addFormats.default(ajv as never, { mode: "full" });
    const tables = SCHEMAS[id]!;
    const several = Object.keys(tables).length > 1;
    const rows: Record<string, Record<string, unknown>[]> = {};
    for (const [table, schema] of Object.entries(tables)) {
      const validate = ajv.compile(schema);
      rows[table] = readRows(join(r.dir, several ? join("out", table) : "out"));
      assert.equal(rows[table].length, ROWS, table);
      const bad = rows[table].filter((row) => !validate(row));
      const first = bad[0] !== undefined && !validate(bad[0]) ? JSON.stringify(validate.errors) : "";
      assert.equal(bad.length, 0, `${table}: ${bad.length} of ${ROWS} rows break the contract: ${first}`);
    }
    if (id === "odcs/full-example-v3.2.0") {
      // The composite relationship tbl.(rcvr_id, rcvr_cntry_code) -> receivers.(id, country_code).
      const parents = new Set(rows.receivers!.map((p) => `${p.id}|${p.country_code}`));
      const orphans = rows.tbl!.filter((c) => !parents.has(`${c.rcvr_id}|${c.rcvr_cntry_code}`));
      assert.equal(orphans.length, 0, `${orphans.length} of ${ROWS} child keys are not a receiver's`);
      assert.ok(rows.receivers!.some((p) => Object.keys((p.receiver_attributes ?? {}) as object).length > 0));
    } else {
      const turnover = rows.turnover!;
      assert.ok(
        turnover.some((t) => t.country_code === "FR") && turnover.some((t) => t.country_code === "DE"),
      );
      assert.ok(
        turnover.some((t) => Object.keys((t.attributes ?? {}) as object).length > 0),
        "the map has entries",
      );
      assert.ok(
        turnover.some((t) => Array.isArray(t.embedding)),
        "vectors are written",
      );
    }
  });
}

test("datacontract.yaml references and maps: references become foreign keys, a map's keys and values their fields", async () => {
  const dir = fixtureDir({
    "shop.datacontract.yaml": `dataContractSpecification: 1.1.0
id: shop
info: { title: shop, version: 1.0.0 }
models:
  customers:
    fields:
      customer_id: { type: string, primaryKey: true, pattern: "^C[0-9]{6}$" }
      tier: { type: string, enum: [gold, silver] }
  orders:
    fields:
      order_id: { type: string, primaryKey: true }
      customer_id: { type: string, required: true, references: customers.customer_id }
      tier: { type: string, references: customers.tier }
      prices:
        type: map
        keys: { type: string, enum: [EUR, USD] }
        values: { type: decimal, precision: 8, scale: 2, minimum: 1, maximum: 100 }
`,
  });
  const r = await run({ metadataSourceType: "dataContractCli" }, join(dir, "shop.datacontract.yaml"));
  assert.equal(r.status, 0, r.stderr);
  const customers = readRows(join(r.dir, "out", "customers"));
  const orders = readRows(join(r.dir, "out", "orders"));
  const ids = new Set(customers.map((c) => c.customer_id));
  assert.equal(orders.filter((o) => !ids.has(o.customer_id)).length, 0, "every order's customer exists");
  for (const o of orders) {
    for (const [currency, price] of Object.entries((o.prices ?? {}) as Record<string, number>)) {
      assert.ok(["EUR", "USD"].includes(currency), currency);
      assert.ok(price >= 1 && price <= 100, String(price));
    }
  }
  assert.ok(orders.some((o) => Object.keys((o.prices ?? {}) as object).length > 0));
});

test("one table without columns is skipped with a note; a step that names it, or a contract of only such tables, is refused", async () => {
  const file = corpusDocument("contracts.json", "odcs/all-new-fields-v3.2.0").path;
  const dir = fixtureDir({
    "task.yaml": `name: contract\nsteps:\n  - name: data\n    type: json\n    count: {records: 10}\n    options: {path: out, metadataSourceType: odcs, dataContractFile: "${file}"}\n`,
  });
  const shown = await runCliAsync(["validate", "--show-fields", join(dir, "task.yaml")], { cwd: dir });
  assert.equal(shown.status, 0, shown.stderr);
  assert.match(shown.stdout + shown.stderr, /table notes: it has no columns, so no step is generated for it/);
  const named = await run({ metadataSourceType: "odcs", dataContractSchema: "notes" }, file);
  assert.equal(named.status, 2);
  assert.match(named.stderr, /table "notes" has no columns, so there are no fields to generate/);
});
