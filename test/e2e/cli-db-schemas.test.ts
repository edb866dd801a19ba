import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";
import { pgQuery, postgresFacts } from "../support/servers.ts";

const SCHEMA = `e2e_schemas_${process.pid}`;

before(async () => {
  await pgQuery(`CREATE SCHEMA ${SCHEMA}`);
  await pgQuery(
    `CREATE TABLE ${SCHEMA}.accounts (account_id varchar(8) PRIMARY KEY, name text NOT NULL, balance numeric(6,2) NOT NULL, opened date, id_seq bigserial)`,
  );
  await pgQuery(
    `CREATE TABLE ${SCHEMA}.payments (payment_no integer PRIMARY KEY, account_id varchar(8) NOT NULL REFERENCES ${SCHEMA}.accounts, amount numeric(8,2) NOT NULL, paid timestamptz NOT NULL)`,
  );
});

after(async () => {
  await pgQuery(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
});

/** A unified plan naming the two tables, without fields, on a server at `port`. */
const project = (port: number) =>
  fixtureDir({
    "plan.yaml": `name: from_db
sinkOptions: {seed: "9"}
dataSources:
  - name: bank
    connection:
      type: postgres
      options:
        url: "jdbc:postgresql://${postgresFacts().host}:${port}/${postgresFacts().database}"
        user: ${postgresFacts().user}
        connectTimeout: "2"
    steps:
      - name: payments
        options: {dbtable: ${SCHEMA}.payments}
        count: {records: 900}
      - name: accounts
        options: {dbtable: ${SCHEMA}.accounts}
        count: {records: 300}
`,
  });

test("rowforge validate prints what it read from the database, and run (in worker threads) writes rows the database accepts, parents first", async () => {
  const dir = project(postgresFacts().port);
  const v = runCli(["validate", join(dir, "plan.yaml")]);
  assert.equal(v.status, 0, v.stdout + v.stderr);
  assert.match(
    v.stdout,
    new RegExp(`step accounts: postgres table ${SCHEMA}\\.accounts on [^ ]+, read from the database`),
  );
  assert.match(
    v.stdout,
    /account_id[\s│]+character varying\(8\)[\s│]+not null, primary key 1[\s│]+string \(regex: \[0-9A-Za-z\]\{8\}, isUnique: true\)/,
  );
  assert.match(
    v.stdout,
    /balance[\s│]+numeric\(6,2\)[\s│]+not null[\s│]+by name \(balance\): decimal\(6,2\) \(min: 0, max: 9999\.99\)/,
    "validate says which columns take values by their name",
  );
  assert.match(
    v.stdout,
    /id_seq[\s│]+bigint[\s│]+not null, identity[\s│]+not generated: assigned by the database/,
  );
  assert.match(
    v.stdout,
    new RegExp(
      `foreign key payments_account_id_fkey: \\(account_id\\) -> ${SCHEMA}\\.accounts \\(account_id\\): added`,
    ),
  );
  assert.match(v.stdout, /0 error\(s\)/);

  const json = runCli(["validate", join(dir, "plan.yaml"), "--json"]);
  const schemas = JSON.parse(json.stdout).schemas as { step: string; foreignKeys: { applied: boolean }[] }[];
  assert.deepEqual(
    schemas.map((s) => [s.step, s.foreignKeys.map((f) => f.applied)]),
    [
      ["bank.payments", [true]],
      ["bank.accounts", []],
    ],
  );

  const r = runCli(["run", join(dir, "plan.yaml"), "--home", join(dir, "home"), "--workers", "2"]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.ok(r.stdout.indexOf("accounts") < r.stdout.indexOf("payments"), "accounts are written first");
  const [counts] = await pgQuery<{ a: string; p: string; orphans: string }>(
    `SELECT (SELECT count(*) FROM ${SCHEMA}.accounts)::text AS a, (SELECT count(*) FROM ${SCHEMA}.payments)::text AS p,
            (SELECT count(*) FROM ${SCHEMA}.payments p LEFT JOIN ${SCHEMA}.accounts a USING (account_id) WHERE a.account_id IS NULL)::text AS orphans`,
  );
  assert.deepEqual(counts, { a: "300", p: "900", orphans: "0" });

  const s = runCli(["sample", join(dir, "plan.yaml"), "--step", "payments", "-n", "3", "--format", "json"]);
  assert.equal(s.status, 0, s.stderr);
  const rows = s.stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.equal(rows.length, 3);
  assert.deepEqual(Object.keys(rows[0]!), ["payment_no", "account_id", "amount", "paid"]);
});

test("rowforge validate and run with the database unreachable: the same coded error naming the server, before anything is written (exit 2 from both: run makes validate's pre-run check)", () => {
  const dir = project(1);
  const v = runCli(["validate", join(dir, "plan.yaml")]);
  assert.equal(v.status, 2, v.stdout + v.stderr);
  assert.match(
    v.stderr,
    /plan\.yaml:\d+:\d+: error RF_DB_UNREACHABLE: .*cannot reach PostgreSQL at [^ ]+:1 /,
  );
  const r = runCli(["run", join(dir, "plan.yaml"), "--home", join(dir, "home")]);
  assert.equal(r.status, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /error RF_DB_UNREACHABLE: .*cannot reach PostgreSQL at [^ ]+:1 /);
});
