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

before(async () => {
  await pgQuery(`CREATE TABLE ${CUSTOMERS} (id varchar(20) PRIMARY KEY, name text)`);
  await pgQuery(`INSERT INTO ${CUSTOMERS} VALUES ('OLD-1', 'there before')`);
  await pgQuery(`CREATE TABLE ${ORDERS} (id varchar(20) PRIMARY KEY, status text)`);
});

after(async () => {
  await pgQuery(`DROP TABLE IF EXISTS ${ORDERS}`);
  await pgQuery(`DROP TABLE IF EXISTS ${CUSTOMERS}`);
});

/** The files under a folder (none when the folder is gone). */
const filesUnder = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];

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
  assert.match(r.stderr, new RegExp(`step customers \\(data source db, postgres\\) → \\S*rf_fail_customers_${process.pid}\\S*: 300 rows`));
  assert.doesNotMatch(r.stderr, /step orders \(data source db, postgres\) →.*rows/, "the failed step committed nothing");
  assert.equal(await count(CUSTOMERS), 301);
  assert.equal(await count(ORDERS), 0);
  const command = /remove what this run wrote with: (rowforge run .*?) \(--on-failure rollback/.exec(r.stderr)?.[1];
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
  const r = runCli(["run", "plan.yaml", "--seed", "4", "--quiet", "--on-failure", "rollback"], { cwd: dir, env });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /orders cannot be written/);
  assert.match(r.stderr, /rolled back \(--on-failure rollback\): what run [0-9a-f-]{36} committed is removed:/);
  assert.match(r.stderr, /step customers \(data source db, postgres\) → \S+: 300 rows removed/);
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
