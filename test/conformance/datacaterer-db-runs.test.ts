import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import pg from "pg";
import { runCli } from "../support/run-cli.ts";
import {
  mariadbFacts,
  mariadbJdbcUrl,
  mysqlQuery,
  pgQuery,
  postgresFacts,
  postgresJdbcUrl,
} from "../support/servers.ts";
import { CORPUS, CORPUS_MISSING, corpusAvailable } from "../support/shared-corpus.ts";

/**
 * The corpus's database plans, run as their users run them: the plan file, the corpus's own
 * application.conf, and only the connection pointed at the test run's servers through the
 * environment variables that application.conf reads (POSTGRES_URL, MYSQL_URL, ...). The tables
 * are made first, as the users' own set-up scripts make them; what lands is checked with SQL.
 */

interface RunJson {
  success: boolean;
  steps: { name: string; records: number; outputs: string[] }[];
}

function runCorpusPlan(
  plan: string,
  env: Record<string, string>,
  out = mkdtempSync(join(tmpdir(), "rowforge-corpus-db-")),
): RunJson {
  const r = runCli(
    [
      "run",
      "--output-root",
      out,
      join(CORPUS, plan),
      "--config",
      join(CORPUS, "application.conf"),
      "--home",
      join(out, ".rowforge"),
      "--json",
      "--seed",
      "11",
      "--now",
      "2026-11-01T00:00:00Z",
    ],
    { cwd: out, env, timeoutMs: 120_000 },
  );
  assert.equal(r.status, 0, `${plan}: ${r.stderr}`);
  const result = JSON.parse(r.stdout) as RunJson;
  assert.ok(result.success, `${plan}: run failed`);
  return result;
}

const records = (r: RunJson, step: string): number => {
  const s = r.steps.find((x) => x.name === step);
  assert.ok(s, `step ${step} in ${JSON.stringify(r.steps.map((x) => x.name))}`);
  return s.records;
};

const count = async (sql: string): Promise<number> => Number((await pgQuery<{ n: string }>(sql))[0]!.n);

const pgEnv = (): Record<string, string> => {
  const f = postgresFacts();
  // The corpus's password ("postgres") is sent; the test server trusts loopback, so it is unused.
  return { POSTGRES_URL: postgresJdbcUrl(f), POSTGRES_USER: f.user };
};

test("corpus plan/postgres.yaml fills account.accounts with every column type the task declares", async (t) => {
  if (!corpusAvailable()) return t.skip(CORPUS_MISSING);
  await pgQuery("DROP SCHEMA IF EXISTS account CASCADE");
  await pgQuery("CREATE SCHEMA account");
  await pgQuery(`CREATE TABLE account.accounts (
    account_number varchar(20) NOT NULL, account_status varchar(10), created_by text,
    created_by_fixed_length varchar(5), customer_id_int integer UNIQUE, customer_id_smallint smallint,
    customer_id_bigint bigint, customer_id_decimal numeric(38, 18), customer_id_real real,
    customer_id_double double precision, open_date date, open_timestamp timestamptz,
    last_opened_time timestamptz, payload_bytes bytea)`);
  try {
    const result = runCorpusPlan("plan/postgres.yaml", pgEnv());
    assert.equal(records(result, "accounts"), 1000);
    assert.equal(await count("SELECT count(*) AS n FROM account.accounts"), 1000);
    // What the task's options promise, checked by the database itself (Spark's SUBSTR(s, 0, 5) is the first five characters).
    assert.equal(
      await count("SELECT count(*) AS n FROM account.accounts WHERE account_number !~ '^ACC1[0-9]{5,10}$'"),
      0,
    );
    assert.equal(
      await count(
        "SELECT count(*) AS n FROM account.accounts WHERE account_status NOT IN ('open', 'closed')",
      ),
      0,
    );
    assert.equal(
      await count(
        "SELECT count(*) AS n FROM account.accounts WHERE created_by_fixed_length IS DISTINCT FROM left(created_by, 5)",
      ),
      0,
    );
    assert.equal(await count("SELECT count(DISTINCT customer_id_int) AS n FROM account.accounts"), 1000);
    assert.equal(await count("SELECT count(*) AS n FROM account.accounts WHERE payload_bytes IS NULL"), 0);
  } finally {
    await pgQuery("DROP SCHEMA IF EXISTS account CASCADE");
  }
});

test("corpus plan/postgres-multiple-tables.yaml: every transaction's account exists (a real FOREIGN KEY holds)", async (t) => {
  if (!corpusAvailable()) return t.skip(CORPUS_MISSING);
  await pgQuery("DROP SCHEMA IF EXISTS account CASCADE");
  await pgQuery("CREATE SCHEMA account");
  await pgQuery(`CREATE TABLE account.balances (account_number varchar(20) PRIMARY KEY,
    create_time timestamptz, account_status varchar(10), balance double precision)`);
  await pgQuery(`CREATE TABLE account.transactions (
    account_number varchar(20) NOT NULL REFERENCES account.balances (account_number),
    create_time timestamptz, transaction_id varchar(20), amount double precision)`);
  try {
    const result = runCorpusPlan("plan/postgres-multiple-tables.yaml", pgEnv());
    assert.equal(records(result, "balances"), 1000);
    // perField count 5: five transactions per account.
    assert.equal(records(result, "transactions"), 5000);
    assert.equal(await count("SELECT count(*) AS n FROM account.transactions"), 5000);
    assert.equal(
      await count(
        "SELECT count(*) AS n FROM account.transactions t LEFT JOIN account.balances b USING (account_number) WHERE b.account_number IS NULL",
      ),
      0,
    );
    assert.equal(
      await count(
        "SELECT count(*) AS n FROM (SELECT account_number FROM account.transactions GROUP BY 1 HAVING count(*) <> 5) x",
      ),
      0,
    );
  } finally {
    await pgQuery("DROP SCHEMA IF EXISTS account CASCADE");
  }
});

test("corpus plan/foreign-key.yaml: JSON accounts reference the PostgreSQL accounts written before them", async (t) => {
  if (!corpusAvailable()) return t.skip(CORPUS_MISSING);
  await pgQuery("DROP SCHEMA IF EXISTS account CASCADE");
  await pgQuery("CREATE SCHEMA account");
  await pgQuery(`CREATE TABLE account.accounts (
    account_number varchar(20) PRIMARY KEY, account_status varchar(10), created_by text,
    created_by_fixed_length varchar(5), customer_id_int integer, customer_id_smallint smallint,
    customer_id_bigint bigint, customer_id_decimal numeric(38, 18), customer_id_real real,
    customer_id_double double precision, open_date date, open_timestamp timestamptz,
    last_opened_time timestamptz, payload_bytes bytea)`);
  try {
    const result = runCorpusPlan("plan/foreign-key.yaml", pgEnv());
    // Parents first: the table step comes before the file step that references it.
    assert.deepEqual(
      result.steps.map((s) => s.name),
      ["accounts", "account"],
    );
    const keys = new Set(
      (await pgQuery<{ account_number: string }>("SELECT account_number FROM account.accounts")).map(
        (r) => r.account_number,
      ),
    );
    assert.equal(keys.size, 1000);
    const files = result.steps.find((s) => s.name === "account")!.outputs;
    const ids = files.flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => (JSON.parse(l) as { account_id: string }).account_id),
    );
    assert.equal(ids.length, 1000);
    assert.equal(records(result, "account"), 1000);
    assert.deepEqual(
      ids.filter((id) => !keys.has(id)),
      [],
      "every account_id in the JSON files is an account_number in the table",
    );
  } finally {
    await pgQuery("DROP SCHEMA IF EXISTS account CASCADE");
  }
});

test("corpus plan/mysql.yaml fills customer.accounts on MariaDB through the corpus's mysql connection", async (t) => {
  if (!corpusAvailable()) return t.skip(CORPUS_MISSING);
  const f = mariadbFacts();
  await mysqlQuery("DROP DATABASE IF EXISTS customer");
  await mysqlQuery("CREATE DATABASE customer");
  await mysqlQuery(`CREATE TABLE customer.accounts (account_number varchar(20) NOT NULL,
    account_status varchar(10), open_date date, created_by text, customer_id_int int)`);
  try {
    const result = runCorpusPlan("plan/mysql.yaml", {
      MYSQL_URL: mariadbJdbcUrl({ ...f, database: "customer" }),
      MYSQL_USERNAME: f.user,
      MYSQL_PASSWORD: f.password,
    });
    assert.equal(records(result, "accounts"), 50);
    const rows = await mysqlQuery<{ n: number; bad: string; statuses: string }>(
      `SELECT count(*) AS n, sum(account_number NOT REGEXP '^ACC1[0-9]{5,10}$') AS bad,
              group_concat(DISTINCT account_status ORDER BY account_status) AS statuses
         FROM customer.accounts`,
    );
    assert.equal(Number(rows[0]!.n), 50);
    assert.equal(Number(rows[0]!.bad), 0);
    assert.match(rows[0]!.statuses, /^(closed|open|closed,open)$/);
  } finally {
    await mysqlQuery("DROP DATABASE IF EXISTS customer");
  }
});

test("corpus unified/ecommerce-unified.yaml: four PostgreSQL tables with real FOREIGN KEYs and a JSON file referencing them", async (t) => {
  if (!corpusAvailable()) return t.skip(CORPUS_MISSING);
  const f = postgresFacts();
  await pgQuery("DROP DATABASE IF EXISTS ecommerce");
  await pgQuery("CREATE DATABASE ecommerce");
  const db = new pg.Client({ host: f.host, port: f.port, user: f.user, database: "ecommerce" });
  await db.connect();
  try {
    await db.query(`
      CREATE TABLE customers (customer_id varchar(12) PRIMARY KEY, email text NOT NULL UNIQUE, first_name text,
        last_name text, phone text, created_at timestamptz, status varchar(8));
      CREATE TABLE products (product_id varchar(10) PRIMARY KEY, name text, category text,
        price double precision CHECK (price > 0), stock_quantity integer CHECK (stock_quantity >= 0), is_active boolean);
      CREATE TABLE orders (order_id varchar(13) PRIMARY KEY, customer_id varchar(12) REFERENCES customers,
        order_date timestamptz, total_amount double precision, status varchar(10), shipping_address text);
      CREATE TABLE order_items (order_item_id varchar(16) PRIMARY KEY, order_id varchar(13) NOT NULL REFERENCES orders,
        product_id varchar(10) NOT NULL REFERENCES products, quantity integer CHECK (quantity > 0),
        unit_price double precision)`);
    // The file as its user keeps it, with only its connection pointed at this run's server.
    const dir = mkdtempSync(join(tmpdir(), "rowforge-corpus-db-"));
    const text = readFileSync(join(CORPUS, "unified/ecommerce-unified.yaml"), "utf8");
    const local = text.replace(
      "jdbc:postgresql://localhost:5432/ecommerce",
      `jdbc:postgresql://${f.host}:${f.port}/ecommerce`,
    );
    assert.notEqual(local, text, "the corpus file names its database URL");
    writeFileSync(join(dir, "ecommerce-unified.yaml"), local);
    const r = runCli(
      [
        "run",
        "ecommerce-unified.yaml",
        "--output-root",
        join(dir, "out"),
        "--home",
        join(dir, ".rowforge"),
        "--json",
      ],
      {
        cwd: dir,
        env: { POSTGRES_PASSWORD: "not-used-by-trust-auth", POSTGRES_USER: f.user },
        timeoutMs: 120_000,
      },
    );
    assert.equal(r.status, 0, `${r.stderr}\n${r.stdout}`);
    const result = JSON.parse(r.stdout) as RunJson;
    const n = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]!.n);
    assert.equal(await n("SELECT count(*) AS n FROM customers"), 1000);
    assert.equal(await n("SELECT count(*) AS n FROM products"), 500);
    assert.equal(await n("SELECT count(*) AS n FROM orders"), records(result, "orders"));
    assert.equal(await n("SELECT count(*) AS n FROM order_items"), records(result, "order_items"));
    assert.ok(records(result, "order_items") > 0);
    // The foreign keys' nullability: about 5% of orders have no customer, none of the items lack an order.
    const nullShare =
      (await n("SELECT count(*) AS n FROM orders WHERE customer_id IS NULL")) / records(result, "orders");
    assert.ok(nullShare > 0.01 && nullShare < 0.1, `share of orders without a customer: ${nullShare}`);
    // Every page view's customer (where it has one) is a customer in the database.
    const customers = new Set(
      (await db.query<{ id: string }>("SELECT customer_id AS id FROM customers")).rows.map((x) => x.id),
    );
    const views = result.steps
      .find((s) => s.name === "page_views")!
      .outputs.flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .filter((l) => l !== "")
          .map((l) => (JSON.parse(l) as { customer_id: string | null }).customer_id),
      );
    assert.equal(views.length, records(result, "page_views"));
    const dangling = views.filter((id) => id !== null && !customers.has(id));
    assert.deepEqual(dangling, []);
  } finally {
    await db.end();
    await pgQuery("DROP DATABASE IF EXISTS ecommerce");
  }
});
