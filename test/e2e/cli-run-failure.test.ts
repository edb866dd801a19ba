import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";
import { pgQuery, postgresFacts, postgresJdbcUrl } from "../support/servers.ts";

/**
 * A multi-step run failing at its last step, as a user meets it: the file and the customers
 * table are written (committed) before the orders step fails. The run says exactly what it
 * left and the command that removes it (which then does, exactly); `--on-failure rollback`
 * removes it before exiting and says so.
 */
const CUSTOMERS = `public.rf_fail_customers_${process.pid}`;
const ORDERS = `public.rf_fail_orders_${process.pid}`;
/** Orders whose customer must exist (a real foreign key): one transaction sees its own customers. */
const TX_CUSTOMERS = `public.rf_tx_customers_${process.pid}`;
const TX_ORDERS = `public.rf_tx_orders_${process.pid}`;

before(async () => {
  await pgQuery(`CREATE TABLE ${CUSTOMERS} (id varchar(20) PRIMARY KEY, name text)`);
  await pgQuery(`INSERT INTO ${CUSTOMERS} VALUES ('OLD-1', 'there before')`);
  await pgQuery(`CREATE TABLE ${ORDERS} (id varchar(20) PRIMARY KEY, status text)`);
  await pgQuery(`CREATE TABLE ${TX_CUSTOMERS} (id varchar(20) PRIMARY KEY)`);
  await pgQuery(
    `CREATE TABLE ${TX_ORDERS} (id varchar(20) PRIMARY KEY, customer_id varchar(20) NOT NULL REFERENCES ${TX_CUSTOMERS} (id), status text)`,
  );
});

after(async () => {
  await pgQuery(`DROP TABLE IF EXISTS ${TX_ORDERS}`);
  await pgQuery(`DROP TABLE IF EXISTS ${TX_CUSTOMERS}`);
  await pgQuery(`DROP TABLE IF EXISTS ${ORDERS}`);
  await pgQuery(`DROP TABLE IF EXISTS ${CUSTOMERS}`);
});

/** The files under a folder (none when the folder is gone). */
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

const count = async (table: string) => Number((await pgQuery(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

function project(): string {
  const connection = `{type: postgres, options: {url: "${postgresJdbcUrl()}", user: "${postgresFacts().user}"}}`;
  return fixtureDir({
    "plan.yaml": `name: half_written
dataSources:
  - name: files
    connection: {type: json, options: {path: out/events}}
    steps:
      - name: events
        count: {records: 100}
        fields:
          - {name: id, type: long}
  - name: db
    connection: ${connection}
    steps:
      - name: customers
        options: {dbtable: ${CUSTOMERS}}
        count: {records: 300}
        fields:
          - {name: id, options: {regex: "C[0-9]{9}", isUnique: true}}
          - {name: name, options: {expression: "#{Name.firstName}"}}
      - name: orders
        options: {dbtable: ${ORDERS}}
        count: {records: 20}
        fields:
          - {name: id, options: {regex: "O[0-9]{9}", isUnique: true}}
          - {name: status, options: {sql: "CASE WHEN id IS NOT NULL THEN raise_error('orders cannot be written') ELSE 'x' END"}}
`,
  });
}

test("a failed run says what it committed (step, data source, table or path, rows) and prints the delete command, which removes exactly that", async () => {
  const dir = project();
  const env = { HOME: join(dir, "user"), ROWFORGE_HOME: "" };
  const r = runCli(["run", "plan.yaml", "--seed", "3", "--quiet"], { cwd: dir, env });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /orders cannot be written/);
  assert.match(r.stderr, /committed before the run stopped \(kept\):/);
  assert.match(r.stderr, /step events \(data source files, json\) → .*out\/events.*: 100 rows\n/);
  assert.match(
    r.stderr,
    new RegExp(
      `step customers \\(data source db, postgres\\) → \\S*rf_fail_customers_${process.pid}\\S*: 300 rows`,
    ),
  );
  assert.doesNotMatch(
    r.stderr,
    /step orders \(data source db, postgres\) →.*rows/,
    "the failed step committed nothing",
  );
  assert.equal(await count(CUSTOMERS), 301);
  assert.equal(await count(ORDERS), 0);
  const command = /remove what this run wrote with: (rowforge run .*?) \(--on-failure rollback/.exec(
    r.stderr,
  )?.[1];
  assert.ok(command, r.stderr);
  assert.match(command, /^rowforge run plan\.yaml --mode delete --run [0-9a-f-]{36}$/);

  const d = runCli(command.split(" ").slice(1), { cwd: dir, env });
  assert.equal(d.status, 0, d.stderr);
  assert.equal(await count(CUSTOMERS), 1, "the run's rows are gone, the row there before stays");
  assert.deepEqual(filesUnder(join(dir, "out")), [], "the run's files (and manifest) are gone");
});

test("--on-failure rollback removes what the failed run committed before exiting, and says so", async () => {
  const dir = project();
  const env = { HOME: join(dir, "user"), ROWFORGE_HOME: "" };
  const r = runCli(["run", "plan.yaml", "--seed", "4", "--quiet", "--on-failure", "rollback"], {
    cwd: dir,
    env,
  });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /orders cannot be written/);
  assert.match(
    r.stderr,
    /rolled back \(--on-failure rollback\): what run [0-9a-f-]{36} committed is removed:/,
  );
  assert.match(
    r.stderr,
    /step customers \(data source db, postgres\) → \S+rf_fail_customers\S+ \(primary key id\): 300 rows removed/,
  );
  assert.match(r.stderr, /step events \(data source files, json\) → .*: 100 rows removed/);
  assert.equal(await count(CUSTOMERS), 1);
  assert.deepEqual(filesUnder(join(dir, "out")), []);

  // The history knows the rows are gone: a later delete has nothing of this run to remove.
  const d = runCli(["run", "plan.yaml", "--mode", "delete", "--quiet"], { cwd: dir, env });
  assert.equal(d.status, 0, d.stderr);
  assert.match(d.stdout, /0 records deleted/);

  const bad = runCli(["run", "plan.yaml", "--on-failure", "undo"], { cwd: dir, env });
  assert.equal(bad.status, 2, bad.stderr);
  assert.match(bad.stderr, /--on-failure must be keep or rollback, not "undo"/);
});

/** A plan writing customers then their orders to one PostgreSQL database; `status` fails at row time when asked. */
function databasePlan(failing: boolean): string {
  const status = failing ? "raise_error('orders cannot be written')" : "'new'";
  return fixtureDir({
    "plan.yaml": `name: one_transaction
dataSources:
  - name: db
    connection: {type: postgres, options: {url: "${postgresJdbcUrl()}", user: "${postgresFacts().user}"}}
    steps:
      - name: customers
        options: {dbtable: ${TX_CUSTOMERS}}
        count: {records: 200}
        fields:
          - {name: id, options: {regex: "C[0-9]{9}", isUnique: true}}
      - name: orders
        options: {dbtable: ${TX_ORDERS}}
        count: {records: 400}
        fields:
          - {name: id, options: {regex: "O[0-9]{9}", isUnique: true}}
          - {name: customer_id}
          - {name: status, options: {sql: "${status}"}}
foreignKeys:
  - source: {dataSource: db, step: customers, fields: [id]}
    generate:
      - {dataSource: db, step: orders, fields: [customer_id]}
`,
  });
}

test("--transaction plan: a failed run of a one-database plan leaves nothing; a good one commits every step at once, its orders seeing its own customers", async () => {
  const failed = databasePlan(true);
  const env = { HOME: join(failed, "user"), ROWFORGE_HOME: "" };
  const r = runCli(["run", "plan.yaml", "--seed", "5", "--quiet", "--transaction", "plan"], {
    cwd: failed,
    env,
  });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /orders cannot be written/);
  assert.match(r.stderr, /nothing of the run stays written/);
  assert.equal(await count(TX_CUSTOMERS), 0, "the customers step is rolled back with the run");

  const good = databasePlan(false);
  const ok = runCli(["run", "plan.yaml", "--seed", "5", "--quiet", "--transaction", "plan"], {
    cwd: good,
    env: { HOME: join(good, "user"), ROWFORGE_HOME: "" },
  });
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal(await count(TX_CUSTOMERS), 200);
  assert.equal(await count(TX_ORDERS), 400);
  // Recorded as usual: the delete removes both tables' rows, children first.
  const d = runCli(["run", "plan.yaml", "--mode", "delete", "--quiet"], {
    cwd: good,
    env: { HOME: join(good, "user"), ROWFORGE_HOME: "" },
  });
  assert.equal(d.status, 0, d.stderr);
  assert.equal(await count(TX_ORDERS), 0);
  assert.equal(await count(TX_CUSTOMERS), 0);
});

test("--transaction plan refuses, before writing, a plan with a step outside one PostgreSQL database", async () => {
  const dir = project();
  const env = { HOME: join(dir, "user"), ROWFORGE_HOME: "" };
  const r = runCli(["run", "plan.yaml", "--quiet", "--transaction", "plan"], { cwd: dir, env });
  assert.equal(r.status, 2, r.stderr);
  assert.match(
    r.stderr,
    /RF_TRANSACTION_UNSUPPORTED.*step "events" \(data source files, json\) cannot write inside the run's one transaction/,
  );
  assert.deepEqual(filesUnder(join(dir, "out")), []);
  assert.equal(await count(CUSTOMERS), 1);
});
