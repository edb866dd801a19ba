import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { OUTPUT_KINDS } from "../../src/app/output-kinds.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { loadPlanFile } from "../../src/config/index.ts";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { TEST_NOW_MICROS } from "../support/plans.ts";
import { runCli } from "../support/run-cli.ts";
import {
  cassandraConnection,
  cqlQuery,
  mariadbFacts,
  mysqlQuery,
  pgQuery,
  postgresFacts,
  postgresJdbcUrl,
} from "../support/servers.ts";

/**
 * A shop of ten tables (names that say what their columns hold, CHECK constraints, composite
 * keys made of foreign keys, a one-to-one foreign key, a self reference) generated as a whole
 * connection: a data source without steps under enableGeneratePlanAndTasks. Every row is
 * inserted (the database checks keys, foreign keys and CHECKs), parents first, and the values
 * are looked at as a user would.
 */

/** The shop in SQL both databases take (`SERIAL` and `TIMESTAMP` spelled per database). */
const shop = (serial: string, ts: string) => [
  `CREATE TABLE customers (id integer PRIMARY KEY, email varchar(80) NOT NULL UNIQUE, first_name varchar(40) NOT NULL,
     last_name varchar(40) NOT NULL, phone varchar(30), created_at ${ts} NOT NULL,
     status varchar(12) NOT NULL CHECK (status IN ('active', 'blocked', 'pending')))`,
  `CREATE TABLE addresses (id integer PRIMARY KEY, customer_id integer NOT NULL REFERENCES customers (id),
     street varchar(80) NOT NULL, city varchar(60) NOT NULL, zip varchar(10) NOT NULL, country_code char(2) NOT NULL)`,
  `CREATE TABLE categories (id integer PRIMARY KEY, name varchar(40) NOT NULL, description text)`,
  `CREATE TABLE products (id integer PRIMARY KEY, sku varchar(12) NOT NULL UNIQUE,
     product_name varchar(60) NOT NULL, category_id integer NOT NULL REFERENCES categories (id),
     price numeric(10,2) NOT NULL CHECK (price > 0), quantity integer NOT NULL CHECK (quantity >= 0))`,
  `CREATE TABLE orders (id integer PRIMARY KEY, customer_id integer NOT NULL REFERENCES customers (id),
     order_date date NOT NULL, ship_date date NOT NULL, total numeric(12,2) NOT NULL CHECK (total >= 0),
     status varchar(10) NOT NULL CHECK (status IN ('new', 'paid', 'shipped', 'returned')),
     CONSTRAINT ship_after_order CHECK (ship_date >= order_date))`,
  `CREATE TABLE order_items (order_id integer NOT NULL REFERENCES orders (id),
     product_id integer NOT NULL REFERENCES products (id),
     quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 20), unit_price numeric(10,2) NOT NULL CHECK (unit_price > 0),
     PRIMARY KEY (order_id, product_id))`,
  `CREATE TABLE payments (id integer PRIMARY KEY, order_id integer NOT NULL UNIQUE REFERENCES orders (id),
     amount numeric(12,2) NOT NULL CHECK (amount > 0), currency char(3) NOT NULL, paid_at ${ts} NOT NULL,
     method varchar(10) NOT NULL CHECK (method IN ('card', 'paypal', 'transfer')))`,
  `CREATE TABLE reviews (id ${serial}, customer_id integer NOT NULL REFERENCES customers (id),
     product_id integer NOT NULL REFERENCES products (id),
     rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5), comment varchar(200),
     UNIQUE (customer_id, product_id))`,
  `CREATE TABLE employees (id integer PRIMARY KEY, first_name varchar(40) NOT NULL, last_name varchar(40) NOT NULL,
     email varchar(80) NOT NULL UNIQUE, job_title varchar(60), salary numeric(10,2) NOT NULL CHECK (salary >= 30000),
     manager_id integer REFERENCES employees (id))`,
  `CREATE TABLE shipments (id integer PRIMARY KEY, order_id integer NOT NULL REFERENCES orders (id),
     tracking_number varchar(20) NOT NULL UNIQUE, carrier varchar(10) NOT NULL CHECK (carrier IN ('dhl', 'ups', 'fedex')),
     shipped_at ${ts} NOT NULL, delivered_at ${ts} NOT NULL, CONSTRAINT delivered_after CHECK (delivered_at > shipped_at))`,
];

const TABLES = [
  "addresses",
  "categories",
  "customers",
  "employees",
  "order_items",
  "orders",
  "payments",
  "products",
  "reviews",
  "shipments",
];

/** Parents before children, as the foreign keys ask. */
const PARENT_FIRST: readonly [string, string][] = [
  ["customers", "addresses"],
  ["customers", "orders"],
  ["categories", "products"],
  ["orders", "order_items"],
  ["products", "order_items"],
  ["orders", "payments"],
  ["customers", "reviews"],
  ["products", "reviews"],
  ["orders", "shipments"],
];

const RECORDS = 300;

async function wholePlan(connectionYaml: string): Promise<{ plan: ResolvedPlan; file: string }> {
  const dir = fixtureDir({
    "plan.yaml": `name: whole_shop
sinkOptions: {seed: "8"}
config:
  flags: {enableGeneratePlanAndTasks: true}
  generation: {numRecordsPerStep: ${RECORDS}}
dataSources:
  - name: shop
    connection: ${connectionYaml}
`,
  });
  const file = join(dir, "plan.yaml");
  const load = await loadPlanFile(file, { outputKinds: OUTPUT_KINDS, env: {} });
  assert.deepEqual(
    load.diagnostics.filter((d) => d.severity === "error"),
    [],
  );
  return { plan: load.plan!, file };
}

const run = (p: ResolvedPlan, id: string) =>
  runPlan(p, {
    access: OPEN_ACCESS,
    runId: id,
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
  });

const EMAIL = /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i;
const WORDS = /^[\p{L}][\p{L} .'-]*$/u;

/** SQL over the shop's tables with each table qualified by its schema (database). */
const qualified = (sql: string, schema: string): string =>
  sql.replace(/\b(FROM|JOIN) (\w+)/g, (m, k: string, t: string) =>
    TABLES.includes(t) ? `${k} ${schema}.${t}` : m,
  );

/** The checks every database answers alike: row counts, orphans, duplicates, CHECKs and what the named columns hold. */
async function assertShop(query: (sql: string) => Promise<Record<string, unknown>[]>): Promise<void> {
  for (const t of TABLES) {
    const [c] = await query(`SELECT COUNT(*) AS n FROM ${t}`);
    assert.equal(Number(c!.n), RECORDS, `${t} holds every row`);
  }
  const [bad] = await query(`SELECT
    (SELECT COUNT(*) FROM addresses a LEFT JOIN customers c ON c.id = a.customer_id WHERE c.id IS NULL) AS address_orphans,
    (SELECT COUNT(*) FROM order_items i LEFT JOIN products p ON p.id = i.product_id WHERE p.id IS NULL) AS item_orphans,
    (SELECT COUNT(*) FROM reviews r LEFT JOIN customers c ON c.id = r.customer_id WHERE c.id IS NULL) AS review_orphans,
    (SELECT COUNT(*) FROM orders WHERE ship_date < order_date) AS early_ships,
    (SELECT COUNT(*) FROM shipments WHERE delivered_at <= shipped_at) AS early_deliveries,
    (SELECT COUNT(*) FROM products WHERE price <= 0 OR quantity < 0) AS bad_products,
    (SELECT COUNT(*) FROM employees WHERE salary < 30000) AS low_salaries,
    (SELECT COUNT(DISTINCT order_id) FROM payments) AS paid_orders,
    (SELECT COUNT(*) FROM (SELECT DISTINCT customer_id, product_id FROM reviews) x) AS review_pairs`);
  const counts = Object.fromEntries(Object.entries(bad!).map(([k, v]) => [k, Number(v)]));
  assert.deepEqual(counts, {
    address_orphans: 0,
    item_orphans: 0,
    review_orphans: 0,
    early_ships: 0,
    early_deliveries: 0,
    bad_products: 0,
    low_salaries: 0,
    paid_orders: RECORDS,
    review_pairs: RECORDS,
  });
  const customers = await query("SELECT email, first_name, last_name, phone, status FROM customers");
  for (const c of customers) {
    assert.match(String(c.email), EMAIL);
    assert.match(String(c.first_name), WORDS);
    assert.match(String(c.last_name), WORDS);
    assert.match(String(c.phone), /^[0-9 ()+.x-]{7,}$/);
    assert.ok(["active", "blocked", "pending"].includes(String(c.status)));
  }
  for (const a of await query("SELECT city, zip, country_code FROM addresses")) {
    assert.match(String(a.city), WORDS);
    assert.match(String(a.zip), /^[0-9]{5}(-[0-9]{4})?$/);
    assert.match(String(a.country_code), /^[A-Z]{2}$/);
  }
  for (const p of await query("SELECT sku, product_name FROM products")) {
    assert.match(String(p.sku), /^[A-Z]{3}-[0-9]{6}$/, "a sku column holds SKUs");
    assert.match(String(p.product_name), /^[A-Z][a-z]+( [A-Z][a-z]+)+$/);
  }
  for (const p of await query("SELECT currency, method FROM payments")) {
    assert.match(String(p.currency), /^[A-Z]{3}$/);
    assert.ok(["card", "paypal", "transfer"].includes(String(p.method)));
  }
  for (const e of await query("SELECT email, job_title FROM employees")) {
    assert.match(String(e.email), EMAIL);
    assert.match(String(e.job_title), /^[A-Z][a-z]+( [A-Z][a-z]+)*$/);
  }
}

test("PostgreSQL: a data source without steps under enableGeneratePlanAndTasks generates every table of its schema, parents first, every row accepted", async () => {
  const schema = `rf_whole_${process.pid}`;
  await pgQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await pgQuery(`CREATE SCHEMA ${schema}`);
  for (const sql of shop("serial PRIMARY KEY", "timestamptz"))
    await pgQuery(`SET search_path TO ${schema}; ${sql}`);
  const { plan, file } = await wholePlan(
    `{type: postgres, options: {url: "${postgresJdbcUrl()}", user: ${postgresFacts().user}, schema: ${schema}}}`,
  );
  assert.deepEqual(plan.steps, [], "the steps are the tables, listed when the plan is read");

  const v = runCli(["validate", file]);
  assert.equal(v.status, 0, v.stdout + v.stderr);
  for (const t of TABLES)
    assert.match(v.stdout, new RegExp(`step ${t}: postgres table ${schema}\\.${t} on `));
  assert.match(v.stdout, /0 error\(s\), 0 warning\(s\)/);

  const r = await run(plan, "whole-pg");
  assert.equal(r.success, true, r.failedReason ?? "");
  const order = r.steps.map((s) => s.name);
  assert.deepEqual([...order].sort(), TABLES);
  for (const [parent, child] of PARENT_FIRST)
    assert.ok(order.indexOf(parent) < order.indexOf(child), `${parent} is written before ${child}`);
  await assertShop((sql) => pgQuery(qualified(sql, schema)));
  await pgQuery(`DROP SCHEMA ${schema} CASCADE`);
});

test("MariaDB: the same shop as a whole database, every row accepted", async () => {
  const db = `rf_whole_${process.pid}`;
  await mysqlQuery(`DROP DATABASE IF EXISTS ${db}`);
  await mysqlQuery(`CREATE DATABASE ${db}`);
  for (const sql of shop("int NOT NULL AUTO_INCREMENT PRIMARY KEY", "datetime(6)"))
    await mysqlQuery(
      `${sql.replace(/CREATE TABLE (\w+)/, `CREATE TABLE ${db}.$1`).replaceAll("REFERENCES ", `REFERENCES ${db}.`)} ENGINE=InnoDB`,
    );
  const f = mariadbFacts();
  const { plan } = await wholePlan(
    `{type: mysql, options: {url: "jdbc:mysql://${f.host}:${f.port}/${db}", user: ${f.user}, password: "${f.password}"}}`,
  );
  const r = await run(plan, "whole-maria");
  assert.equal(r.success, true, r.failedReason ?? "");
  assert.deepEqual(r.steps.map((s) => s.name).sort(), TABLES);
  await assertShop((sql) => mysqlQuery(qualified(sql, db)));
  await mysqlQuery(`DROP DATABASE ${db}`);
});

test("Cassandra: a data source without steps generates every table of its keyspace", async () => {
  const ks = `rf_whole_${process.pid}`;
  await cqlQuery(
    `CREATE KEYSPACE IF NOT EXISTS ${ks} WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}`,
  );
  await cqlQuery(
    `CREATE TABLE IF NOT EXISTS ${ks}.users (user_id uuid PRIMARY KEY, email text, city text, age int)`,
  );
  await cqlQuery(
    `CREATE TABLE IF NOT EXISTS ${ks}.events (user_id uuid, created_at timestamp, status text, PRIMARY KEY (user_id, created_at))`,
  );
  const { plan } = await wholePlan(
    `{type: cassandra, options: ${JSON.stringify({ ...cassandraConnection(), keyspace: ks })}}`,
  );
  const r = await run(plan, "whole-cass");
  assert.equal(r.success, true, r.failedReason ?? "");
  assert.deepEqual(r.steps.map((s) => [s.name, s.records]).sort(), [
    ["events", RECORDS],
    ["users", RECORDS],
  ]);
  const users = await cqlQuery(`SELECT email, age FROM ${ks}.users`);
  assert.equal(users.length, RECORDS);
  for (const u of users) {
    assert.match(String(u.get("email")), EMAIL);
    assert.ok(Number(u.get("age")) >= 18 && Number(u.get("age")) <= 90);
  }
  await cqlQuery(`DROP KEYSPACE ${ks}`);
});

test("without the flag, a database data source without steps is a warning saying how to generate its tables; a schema without tables is a coded error", async () => {
  const dir = fixtureDir({
    "plan.yaml": `name: no_steps
dataSources:
  - name: shop
    connection: {type: postgres, options: {url: "${postgresJdbcUrl()}", user: ${postgresFacts().user}, schema: rf_none_${process.pid}}}
`,
  });
  const v = runCli(["validate", join(dir, "plan.yaml")]);
  assert.equal(v.status, 0, v.stdout + v.stderr);
  assert.match(
    v.stderr,
    /warning RF_STRUCTURE: task "shop_task" has no step: nothing is generated for data source "shop".*\n\s+hint: list its steps, or set flags.enableGeneratePlanAndTasks = true to generate every table of its connection/,
  );
  const { plan } = await wholePlan(
    `{type: postgres, options: {url: "${postgresJdbcUrl()}", user: ${postgresFacts().user}, schema: rf_none_${process.pid}}}`,
  );
  await assert.rejects(run(plan, "whole-none"), (e: Error & { code?: string }) => {
    assert.equal(e.code, "RF_DB_TABLE_NOT_FOUND");
    assert.match(
      e.message,
      /data source "shop" has no steps, and connection "shop" has no tables to generate/,
    );
    return true;
  });
});
