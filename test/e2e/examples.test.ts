import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { DuckDBInstance } from "@duckdb/node-api";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runPython } from "../support/pyarrow.ts";
import { REPO_ROOT, runCli } from "../support/run-cli.ts";

const EXAMPLES = join(REPO_ROOT, "examples");
const NOW = "2026-03-15T12:00:00Z";

type Rows = Record<string, unknown>[];

async function sql(query: string): Promise<Rows> {
  const db = await (await DuckDBInstance.create(":memory:")).connect();
  const reader = await db.runAndReadAll(query);
  return reader.getRowObjectsJson() as Rows;
}

const one = async (query: string): Promise<Record<string, unknown>> => (await sql(query))[0]!;
const num = (v: unknown) => Number(v);

/** What each example promises, checked on what it wrote (`out` is the output root). */
const CHECKS: Readonly<Record<string, (out: string) => Promise<void>>> = {
  "nested-json": async (out) => {
    const r = await one(
      `SELECT count(*) n, count(DISTINCT customer_id) ids,
              min(len(orders)) minlen, max(len(orders)) maxlen,
              bool_and(last_order_total = list_max(list_transform(orders, o -> o.total))) last_ok,
              bool_and(address.postcode SIMILAR TO '[0-9]{5}') postcodes
       FROM read_json_auto('${out}/out/examples/nested-json/customers/*.json')`,
    );
    assert.deepEqual(
      [num(r.n), num(r.ids), num(r.minlen), num(r.maxlen) <= 4, r.last_ok, r.postcodes],
      [1000, 1000, 1, true, true, true],
    );
  },
  "csv-foreign-keys": async (out) => {
    const base = `${out}/out/examples/csv-foreign-keys`;
    const r = await one(
      `SELECT (SELECT count(*) FROM read_csv_auto('${base}/accounts/*.csv')) accounts,
              count(*) tx,
              count(*) FILTER (WHERE a.account_id IS NULL) orphans,
              (SELECT min(c) FROM (SELECT count(*) c FROM read_csv_auto('${base}/transactions/*.csv') GROUP BY account_id)) min_per_account
       FROM read_csv_auto('${base}/transactions/*.csv') t
       LEFT JOIN read_csv_auto('${base}/accounts/*.csv') a USING (account_id)`,
    );
    assert.equal(num(r.accounts), 500);
    assert.ok(num(r.tx) >= 500 && num(r.tx) <= 2500, `transactions: ${r.tx}`);
    assert.equal(num(r.orphans), 0, "every transaction's account exists");
    assert.ok(num(r.min_per_account) >= 1);
  },
  "parquet-partitioned": async (out) => {
    const dir = `${out}/out/examples/parquet-partitioned/events`;
    assert.deepEqual(
      readdirSync(dir)
        .filter((d) => d.startsWith("country="))
        .sort(),
      ["country=DE", "country=FR", "country=NL", "country=US"],
    );
    const r = await one(
      `SELECT count(*) n, count(DISTINCT event_id) ids FROM read_parquet('${dir}/*/*.parquet', hive_partitioning = true)`,
    );
    assert.deepEqual([num(r.n), num(r.ids)], [5000, 5000]);
  },
  "unique-keys": async (out) => {
    const r = await one(
      `SELECT count(*) n, count(DISTINCT sku) skus, count(DISTINCT product_no) nos, count(DISTINCT launch_day) day_count,
              bool_and(regexp_full_match(sku, '[A-Z]{3}-[0-9]{4}')) shaped
       FROM read_json_auto('${out}/out/examples/unique-keys/products/*.json')`,
    );
    assert.deepEqual(
      [num(r.n), num(r.skus), num(r.nos), num(r.day_count), r.shaped],
      [2000, 2000, 2000, 2000, true],
    );
  },
  "weighted-one-of": async (out) => {
    const rows = await sql(
      `SELECT status, count(*) n FROM read_csv_auto('${out}/out/examples/weighted-one-of/orders/*.csv') GROUP BY status`,
    );
    const share = Object.fromEntries(rows.map((r) => [String(r.status), num(r.n) / 10_000]));
    assert.ok(Math.abs(share.delivered! - 0.85) < 0.03, JSON.stringify(share));
    assert.ok(Math.abs(share.lost! - 0.05) < 0.02, JSON.stringify(share));
  },
  distributions: async (out) => {
    const r = await one(
      `SELECT avg(height_cm) mean, stddev_pop(height_cm) sd, min(height_cm) lo, max(height_cm) hi,
              avg(wait_s) wait_mean, median(wait_s) wait_median
       FROM read_json_auto('${out}/out/examples/distributions/samples/*.json')`,
    );
    assert.ok(Math.abs(num(r.mean) - 172) < 1, `mean ${r.mean}`);
    assert.ok(Math.abs(num(r.sd) - 9) < 1, `stddev ${r.sd}`);
    assert.ok(num(r.lo) >= 140 && num(r.hi) <= 210);
    assert.ok(num(r.wait_median) < num(r.wait_mean), "exponential: the median is below the mean");
  },
  "sql-derived": async (out) => {
    const r = await one(
      `SELECT count(*) n,
              bool_and(username = lower(first || '.' || last)) usernames,
              bool_and(birth_year = year(born)) years_ok,
              bool_and(length(token) = 64) tokens,
              count(DISTINCT generation) generations
       FROM read_json_auto('${out}/out/examples/sql-derived/users/*.json')`,
    );
    assert.deepEqual(
      [num(r.n), r.usernames, r.years_ok, r.tokens, num(r.generations) >= 3],
      [1000, true, true, true, true],
    );
    const cols = (
      await sql(`DESCRIBE SELECT * FROM read_json_auto('${out}/out/examples/sql-derived/users/*.json')`)
    ).map((c) => c.column_name);
    assert.ok(!cols.includes("secret_salt"), "an omitted field is not written");
  },
  "per-field-counts": async (out) => {
    const r = await one(
      `SELECT count(*) patients, min(c) lo, max(c) hi, sum(c) total FROM (
         SELECT patient_id, count(*) c FROM read_csv_auto('${out}/out/examples/per-field-counts/visits/*.csv') GROUP BY patient_id)`,
    );
    assert.equal(num(r.patients), 300);
    assert.ok(num(r.lo) >= 1 && num(r.hi) <= 4, `${r.lo}..${r.hi}`);
  },
  "delete-mode": async (out) => {
    const dir = `${out}/out/examples/delete-mode/temp_rows`;
    assert.equal(num((await one(`SELECT count(*) n FROM read_json_auto('${dir}/*.json')`)).n), 100);
    const del = runCli([
      "run",
      join(EXAMPLES, "delete-mode", "plan.yaml"),
      "--mode",
      "delete",
      "--output-root",
      out,
    ]);
    assert.equal(del.status, 0, del.stderr);
    assert.match(del.stdout, /100 records deleted/);
    assert.ok(
      !existsSync(dir) || readdirSync(dir).every((f) => !f.endsWith(".json")),
      "the generated files are gone",
    );
  },
  "orc-events": async (out) => {
    const dir = `${out}/out/examples/orc-events/readings`;
    const files = readdirSync(dir).filter((f) => f.endsWith(".orc"));
    assert.equal(files.length, 2);
    const summary = JSON.parse(
      runPython(
        `import sys, json, pyarrow.orc as o
rows = 0
types = None
for f in sys.argv[1:]:
    t = o.read_table(f)
    rows += t.num_rows
    types = {x.name: str(x.type) for x in t.schema}
print(json.dumps({"rows": rows, "types": types}))`,
        files.map((f) => join(dir, f)),
      ),
    );
    assert.equal(summary.rows, 10_000);
    assert.equal(summary.types.reading, "decimal128(8, 3)");
    assert.equal(summary.types.tags, "list<item: string>");
  },
  "faker-templates": async (out) => {
    const r = await one(
      `SELECT count(*) n, bool_and(email LIKE '%@example.org') emails, bool_and(regexp_full_match(code, '[A-Z]{2}-[0-9]{4}')) codes
       FROM read_json_auto('${out}/out/examples/faker-templates/contacts/*.json')`,
    );
    assert.deepEqual([num(r.n), r.emails, r.codes], [500, true, true]);
  },
  "relative-dates": async (out) => {
    const r = await one(
      `SELECT min("at") lo, max("at") hi, max(day) day_hi, min(next_review) review_lo,
              bool_and(dayofweek(weekday_only) BETWEEN 1 AND 5) weekdays
       FROM read_csv_auto('${out}/out/examples/relative-dates/logins/*.csv')`,
    );
    const now = Date.parse(NOW);
    assert.ok(
      Date.parse(String(r.lo)) >= now - 7 * 86_400_000 && Date.parse(String(r.hi)) <= now,
      `${r.lo} ${r.hi}`,
    );
    assert.ok(String(r.day_hi) <= NOW.slice(0, 10));
    assert.ok(String(r.review_lo) >= NOW.slice(0, 10));
    assert.equal(r.weekdays, true);
  },
};

const examples = readdirSync(EXAMPLES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

test("every example has its check, and there are at least ten", () => {
  assert.ok(examples.length >= 10, `${examples.length} examples`);
  assert.deepEqual(examples, Object.keys(CHECKS).sort());
});

for (const name of examples) {
  test(`example ${name} runs and writes what it promises`, async () => {
    const dir = join(EXAMPLES, name);
    const file = ["plan.yaml", "task.yaml"].map((f) => join(dir, f)).find(existsSync);
    assert.ok(file, `examples/${name} has a plan.yaml or task.yaml`);
    const out = fixtureDir({});
    const r = runCli(["run", file, "--output-root", out, "--now", NOW, "--seed", "2026"], {
      timeoutMs: 120_000,
    });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^done: /m);
    await CHECKS[name]!(out);
  });
}
