import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";
import { freePort } from "../support/script-process.ts";
import { pgQuery, postgresFacts, postgresJdbcUrl } from "../support/servers.ts";

/**
 * `sample` checks the tables and columns a plan writes as `validate` and `run` do: a column the
 * table does not have refuses the sample (exit 2, the same error); a server that cannot be
 * reached is said in a warning and the rows are sampled.
 */
const SCHEMA = `sample_check_${process.pid}`;

before(async () => {
  await pgQuery(`CREATE SCHEMA ${SCHEMA}`);
  await pgQuery(`CREATE TABLE ${SCHEMA}.accounts (account_id text PRIMARY KEY, amount numeric(10,2))`);
});
after(async () => {
  await pgQuery(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
});

const plan = (url: string, amountField: string) => `name: shop
sinkOptions: {seed: "7"}
dataSources:
  - name: shop_db
    connection: {type: postgres, options: {url: "${url}", user: ${postgresFacts().user}}}
    steps:
      - name: accounts
        options: {dbtable: ${SCHEMA}.accounts}
        count: {records: 5}
        fields:
          - {name: account_id, options: {regex: "ACC[0-9]{6}"}}
          - {name: ${amountField}, type: double, options: {min: 0, max: 100}}
`;

test("sample refuses a plan writing a column its PostgreSQL table does not have, with validate's and run's error", () => {
  const dir = fixtureDir({ "plan.yaml": plan(postgresJdbcUrl(), "ammount") });
  const file = join(dir, "plan.yaml");
  const s = runCli(["sample", file, "-n", "2", "--format", "json"]);
  assert.equal(s.status, 2, s.stdout + s.stderr);
  assert.match(s.stderr, /error RF_DB_COLUMN_NOT_FOUND: .*ammount/);
  assert.equal(s.stdout, "");
  const v = runCli(["validate", file]);
  assert.equal(v.status, 2, v.stdout + v.stderr);
  assert.match(v.stderr, /error RF_DB_COLUMN_NOT_FOUND: .*ammount/);
});

test("sample of a plan whose database cannot be reached warns that its table was not checked, and samples", async () => {
  const url = `jdbc:postgresql://127.0.0.1:${await freePort()}/${postgresFacts().database}`;
  const dir = fixtureDir({ "plan.yaml": plan(url, "amount") });
  const s = runCli(["sample", join(dir, "plan.yaml"), "-n", "2", "--format", "json"]);
  assert.equal(s.status, 0, s.stdout + s.stderr);
  assert.match(
    s.stderr,
    /warning RF_DB_UNREACHABLE: the table of step "accounts" was not checked against the database/,
  );
  assert.equal(s.stdout.trim().split("\n").length, 2, s.stdout);
  assert.match(s.stdout, /"account_id":"ACC\d{6}"/);
});
