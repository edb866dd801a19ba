import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { readSchemas } from "../../src/app/schemas/read-schemas.ts";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { runCli } from "../support/run-cli.ts";
import {
  freshMysqlTable,
  mariadbFacts,
  mariadbJdbcUrl,
  mysqlQuery,
  pgQuery,
  postgresFacts,
  postgresJdbcUrl,
} from "../support/servers.ts";

/**
 * CHECK constraints read from the database are honoured: every generated row is accepted, and
 * the rows really satisfy them (checked again here, as a user would look at the table). A
 * constraint rowforge does not understand is a warning naming it, and the run's failure then
 * says which constraint it did not honour.
 */

const run = (p: ResolvedPlan, id: string) =>
  runPlan(p, {
    access: OPEN_ACCESS,
    runId: id,
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
  });

const pgConf = () =>
  `postgres {\n  pg {\n    url = "${postgresJdbcUrl()}"\n    user = "${postgresFacts().user}"\n  }\n}\n`;
const mariaConf = () => {
  const f = mariadbFacts();
  return `mysql {\n  maria {\n    url = "${mariadbJdbcUrl(f)}"\n    user = "${f.user}"\n    password = "${f.password}"\n  }\n}\n`;
};

const onePlan = (dataSource: string, table: string, conf: string, records = 500) =>
  planFrom(
    `name: checks\ntasks:\n  - name: t\n    dataSourceName: ${dataSource}\nsinkOptions: {seed: 21}\n`,
    {
      t: `name: t\nsteps:\n  - name: s\n    options: {dbtable: ${table}}\n    count: {records: ${records}}\n`,
    },
    { "application.conf": conf },
  );

/** The CHECKs of the test, in both databases' SQL. */
const CHECKED_COLUMNS = `
    price numeric(8,2) NOT NULL CHECK (price > 0),
    qty integer NOT NULL CHECK (qty BETWEEN 1 AND 50),
    status varchar(10) NOT NULL CHECK (status IN ('new', 'paid', 'shipped')),
    lo integer NOT NULL, CONSTRAINT lo_range CHECK (lo >= 0 AND lo <= 10),
    name varchar(30) NOT NULL CHECK (char_length(name) <= 12),
    sku varchar(20) NOT NULL CHECK (sku LIKE 'SKU-%'),
    start_date date NOT NULL,
    end_date date NOT NULL, CONSTRAINT date_order CHECK (end_date > start_date),
    opened timestamp NOT NULL CHECK (opened >= '2020-01-01'),
    note text CHECK (note IS NULL OR note <> ''),
    rate double precision NOT NULL CHECK (rate >= 0 AND rate < 1)`;

/** Counts rows breaking each CHECK (all must be 0), as SQL both databases run. */
const BROKEN = `SELECT
    SUM(CASE WHEN price <= 0 THEN 1 ELSE 0 END) AS price,
    SUM(CASE WHEN qty < 1 OR qty > 50 THEN 1 ELSE 0 END) AS qty,
    SUM(CASE WHEN status NOT IN ('new', 'paid', 'shipped') THEN 1 ELSE 0 END) AS status,
    SUM(CASE WHEN lo < 0 OR lo > 10 THEN 1 ELSE 0 END) AS lo,
    SUM(CASE WHEN char_length(name) > 12 THEN 1 ELSE 0 END) AS name,
    SUM(CASE WHEN sku NOT LIKE 'SKU-%' THEN 1 ELSE 0 END) AS sku,
    SUM(CASE WHEN end_date <= start_date THEN 1 ELSE 0 END) AS dates,
    SUM(CASE WHEN opened < '2020-01-01' THEN 1 ELSE 0 END) AS opened,
    SUM(CASE WHEN rate < 0 OR rate >= 1 THEN 1 ELSE 0 END) AS rate,
    COUNT(DISTINCT status) AS statuses, COUNT(*) AS n`;

test("PostgreSQL: CHECKs of every common shape are honoured, every row is accepted and satisfies them", async () => {
  const schema = `rf_checks_${process.pid}`;
  await pgQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await pgQuery(`CREATE SCHEMA ${schema}`);
  await pgQuery(`CREATE TABLE ${schema}.t (id integer PRIMARY KEY, ${CHECKED_COLUMNS},
    code varchar(10) NOT NULL CHECK (code ~ '^[A-Z]{3}-[0-9]{2}$'),
    born date NOT NULL CHECK (born < CURRENT_DATE))`);
  const p = await onePlan("pg", `${schema}.t`, pgConf());
  const read = await readSchemas(p, { access: OPEN_ACCESS });
  const checks = read.steps[0]!.checks;
  assert.deepEqual(
    checks.filter((c) => !c.honoured),
    [],
    "every constraint is honoured",
  );
  assert.match(checks.find((c) => c.name === "date_order")!.note, /end_date follows start_date/);
  const r = await run(p, "checks-pg");
  assert.equal(r.success, true, r.failedReason ?? "");
  assert.equal(r.warnings, undefined);
  const [broken] = await pgQuery<Record<string, string>>(
    `${BROKEN}, SUM(CASE WHEN code !~ '^[A-Z]{3}-[0-9]{2}$' THEN 1 ELSE 0 END) AS code,
       SUM(CASE WHEN born >= CURRENT_DATE THEN 1 ELSE 0 END) AS born FROM ${schema}.t`,
  );
  const { statuses, n, ...counts } = broken!;
  assert.equal(Number(n), 500);
  assert.equal(Number(statuses), 3, "all three statuses appear");
  for (const [k, v] of Object.entries(counts)) assert.equal(Number(v), 0, `${k}: ${v} rows break it`);
  await pgQuery(`DROP SCHEMA ${schema} CASCADE`);
});

test("MariaDB: the same CHECKs, as MariaDB writes them, are honoured too", async () => {
  const t = freshMysqlTable();
  await mysqlQuery(
    `CREATE TABLE ${t} (id int NOT NULL PRIMARY KEY, ${CHECKED_COLUMNS.replace("timestamp", "datetime")},
      code varchar(10) NOT NULL CHECK (code REGEXP '^[A-Z]{3}-[0-9]{2}$'), attrs json) ENGINE=InnoDB`,
  );
  const p = await onePlan("maria", t, mariaConf());
  const read = await readSchemas(p, { access: OPEN_ACCESS });
  assert.deepEqual(
    read.steps[0]!.checks.filter((c) => !c.honoured),
    [],
  );
  const r = await run(p, "checks-maria");
  assert.equal(r.success, true, r.failedReason ?? "");
  const [broken] = await mysqlQuery<Record<string, string>>(
    `${BROKEN}, SUM(CASE WHEN code NOT REGEXP '^[A-Z]{3}-[0-9]{2}$' THEN 1 ELSE 0 END) AS code FROM ${t}`,
  );
  const { statuses, n, ...counts } = broken!;
  assert.equal(Number(n), 500);
  assert.equal(Number(statuses), 3);
  for (const [k, v] of Object.entries(counts)) assert.equal(Number(v), 0, `${k}: ${v} rows break it`);
  await mysqlQuery(`DROP TABLE ${t}`);
});

test("a CHECK rowforge does not understand is a warning naming it (validate and run), and the run's failure names it again", async () => {
  const schema = `rf_checks_odd_${process.pid}`;
  await pgQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await pgQuery(`CREATE SCHEMA ${schema}`);
  await pgQuery(
    `CREATE TABLE ${schema}.t (id integer PRIMARY KEY, even integer NOT NULL, CONSTRAINT even_only CHECK (even % 2 = 0))`,
  );
  const dir = fixtureDir({
    "plan.yaml": `name: odd
sinkOptions: {seed: "3"}
dataSources:
  - name: pg
    connection:
      type: postgres
      options: {url: "${postgresJdbcUrl()}", user: ${postgresFacts().user}}
    steps:
      - {name: t, options: {dbtable: ${schema}.t}, count: {records: 50}}
`,
  });
  const v = runCli(["validate", join(dir, "plan.yaml")]);
  assert.equal(v.status, 0, v.stdout + v.stderr);
  assert.match(
    v.stderr,
    /warning RF_DB_CHECK_NOT_HONOURED: step "t": CHECK constraint even_only of table .*\.t \(CHECK \(\(\(even % 2\) = 0\)\)\) is not understood: arithmetic on its columns; rows that break it are refused by the database/,
  );
  assert.match(v.stdout, /check even_only: CHECK \(\(\(even % 2\) = 0\)\): not understood/);
  assert.match(v.stdout, /1 warning\(s\)/);

  const r = runCli(["run", join(dir, "plan.yaml"), "--home", join(dir, "home")]);
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /warning RF_DB_CHECK_NOT_HONOURED: step "t": CHECK constraint even_only/);
  assert.match(
    r.stderr,
    /error RF_RUN_FAILED: step "t": .*violates check constraint "even_only".* \(rowforge did not honour CHECK constraint even_only: not understood: .*: declare the columns it names with options that satisfy it\)/,
  );
  await pgQuery(`DROP SCHEMA ${schema} CASCADE`);
});
