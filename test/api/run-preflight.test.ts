import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { freePort } from "../support/script-process.ts";
import { pgQuery, postgresFacts, postgresJdbcUrl } from "../support/servers.ts";
import { type ApiRuntime, apiRuntime } from "./api-fixture.ts";

/**
 * Runs submitted over the API go through the pre-run check `rowforge run` and `validate` make:
 * a plan it refuses is a 400 naming the problem, no execution is recorded and nothing is
 * written; POST /plan checks the tables and columns a plan writes too (a warning when the
 * database cannot be reached).
 */
const SCHEMA = `preflight_${process.pid}`;
const TABLE = `${SCHEMA}.accounts`;

let f: ApiRuntime;
before(async () => {
  await pgQuery(`CREATE SCHEMA ${SCHEMA}`);
  await pgQuery(`CREATE TABLE ${TABLE} (account_id text PRIMARY KEY, amount numeric(10,2))`);
  f = await apiRuntime();
  const connection = (name: string, url: string) => ({
    name,
    type: "postgres",
    groupType: "database",
    options: { url, user: postgresFacts().user },
  });
  const down = `jdbc:postgresql://127.0.0.1:${await freePort()}/${postgresFacts().database}`;
  const saved = await f.app.inject({
    method: "POST",
    url: "/connection",
    payload: { connections: [connection("db", postgresJdbcUrl()), connection("down_db", down)] },
  });
  assert.equal(saved.statusCode, 200, saved.body);
});
after(async () => {
  await f.close();
  await pgQuery(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
});

/** A plan of one PostgreSQL step writing `fields` into the accounts table through a saved connection. */
const pgPlan = (name: string, fields: readonly object[], connection = "db") => ({
  plan: { name, tasks: [{ name: "accounts", dataSourceName: connection, enabled: true }] },
  tasks: [
    {
      name: "accounts",
      type: "postgres",
      options: { dbtable: TABLE },
      count: { records: 5 },
      fields,
    },
  ],
});

/** A plan of one JSON step with `fields`. */
const jsonPlan = (name: string, fields: readonly object[]) => ({
  plan: { name, tasks: [{ name: "accounts", dataSourceName: "out", enabled: true }] },
  tasks: [
    {
      name: "accounts",
      type: "json",
      options: { path: join(f.dir, "out", name) },
      count: { records: 5 },
      fields,
    },
  ],
});

const rows = async () => Number((await pgQuery<{ n: string }>(`SELECT count(*) AS n FROM ${TABLE}`))[0]!.n);
const executions = async () => (await f.store.executions.list()).length;

test("POST /run of a plan writing a column its table does not have: a 400 naming the column, no run recorded, no row written", async () => {
  const before = await executions();
  const r = await f.app.inject({
    method: "POST",
    url: "/run",
    payload: pgPlan("pg_typo", [{ name: "account_id" }, { name: "ammount", type: "double" }]),
  });
  assert.equal(r.statusCode, 400, r.body);
  assert.equal(r.json().details, "RF_DB_COLUMN_NOT_FOUND");
  assert.match(r.json().message, /ammount/);
  await f.runs.idle();
  assert.equal(await executions(), before, "no execution recorded");
  assert.equal(await rows(), 0);
});

test("POST /run of a plan whose SQL names a missing field: a 400 with RF_SQL_INVALID before anything is written", async () => {
  const before = await executions();
  const r = await f.app.inject({
    method: "POST",
    url: "/run",
    payload: jsonPlan("sql_typo", [
      { name: "amount", type: "double" },
      { name: "total", type: "double", options: { sql: "amout * 2" } },
    ]),
  });
  assert.equal(r.statusCode, 400, r.body);
  assert.equal(r.json().details, "RF_SQL_INVALID");
  assert.match(r.json().message, /amout/);
  await f.runs.idle();
  assert.equal(await executions(), before);
  assert.equal(existsSync(join(f.dir, "out", "sql_typo")), false, "nothing written");
});

test("POST /run/plans/{name} of a saved plan whose table lost a column is refused the same way", async () => {
  const save = await f.app.inject({
    method: "POST",
    url: "/plan",
    payload: pgPlan("pg_later", [{ name: "account_id" }, { name: "amount", type: "double" }]),
  });
  assert.equal(save.statusCode, 200, save.body);
  await pgQuery(`ALTER TABLE ${TABLE} DROP COLUMN amount`);
  try {
    const before = await executions();
    const r = await f.app.inject({ method: "POST", url: "/run/plans/pg_later" });
    assert.equal(r.statusCode, 400, r.body);
    assert.equal(r.json().details, "RF_DB_COLUMN_NOT_FOUND");
    await f.runs.idle();
    assert.equal(await executions(), before);
    assert.equal(await rows(), 0);
  } finally {
    await pgQuery(`ALTER TABLE ${TABLE} ADD COLUMN amount numeric(10,2)`);
  }
});

test("POST /plan checks the tables and columns a plan writes: a missing column is refused, an unreachable server saves with a warning", async () => {
  const typo = await f.app.inject({
    method: "POST",
    url: "/plan",
    payload: pgPlan("pg_save_typo", [{ name: "account_id" }, { name: "ammount", type: "double" }]),
  });
  assert.equal(typo.statusCode, 400, typo.body);
  assert.equal(typo.json().details, "RF_PLAN_INVALID");
  assert.match(typo.json().message, /ammount.*RF_DB_COLUMN_NOT_FOUND/);

  const saved = await f.app.inject({
    method: "POST",
    url: "/plan",
    payload: pgPlan("pg_save_down", [{ name: "account_id" }], "down_db"),
  });
  assert.equal(saved.statusCode, 200, saved.body);
  const warnings = saved.json().warnings as string[];
  assert.equal(warnings.length, 1, saved.body);
  assert.match(warnings[0]!, /table of step "accounts" was not checked against the database/);
});
