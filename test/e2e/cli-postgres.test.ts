import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";
import { freePort } from "../support/script-process.ts";
import { pgQuery, postgresFacts } from "../support/servers.ts";

// A role that must give its password (the test server trusts only its superuser), and a
// schema of its own; the password reaches rowforge only through an environment variable.
const ROLE = `rf_e2e_${process.pid}`;
const SCHEMA = `e2e_${process.pid}`;
const PASSWORD = `pw-${randomBytes(9).toString("hex")}`;
const ENV = { RF_E2E_PG_PASSWORD: PASSWORD };

before(async () => {
  await pgQuery(`CREATE ROLE ${ROLE} LOGIN PASSWORD '${PASSWORD}'`);
  await pgQuery(`CREATE SCHEMA ${SCHEMA} AUTHORIZATION ${ROLE}`);
  await pgQuery(
    `CREATE TABLE ${SCHEMA}.accounts (account_id text PRIMARY KEY, name text NOT NULL, balance numeric(10,2), opened date, note text DEFAULT 'kept default')`,
  );
  await pgQuery(`ALTER TABLE ${SCHEMA}.accounts OWNER TO ${ROLE}`);
  await pgQuery(`INSERT INTO ${SCHEMA}.accounts (account_id, name) VALUES ('OLD-1', 'there before')`);
});

after(async () => {
  await pgQuery(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await pgQuery(`DROP ROLE IF EXISTS ${ROLE}`);
});

const url = (port = postgresFacts().port) =>
  `jdbc:postgresql://${postgresFacts().host}:${port}/${postgresFacts().database}?stringtype=unspecified`;

const ACCOUNT_FIELDS = `      - {name: account_id, options: {regex: "ACC[0-9]{8}", isUnique: true}}
      - {name: name, options: {expression: "#{Name.firstName}"}}
      - {name: balance, type: 'decimal(10,2)', options: {min: 0, max: 5000}}
      - {name: opened, type: date, options: {min: '2020-01-01', max: '2024-12-31'}}
`;

/** A legacy plan, its task and an application.conf whose postgres connection takes its password from ${RF_E2E_PG_PASSWORD}. */
function legacyProject(connectionUrl: string, saveMode: string, records = 2000): string {
  return fixtureDir({
    "application.conf": `postgres {\n  local_pg {\n    url = "${connectionUrl}"\n    user = "${ROLE}"\n    password = \${RF_E2E_PG_PASSWORD}\n    driver = "org.postgresql.Driver"\n  }\n}\n`,
    "plan.yaml":
      "name: pg_plan\ntasks: [{name: accounts_task, dataSourceName: local_pg}]\nsinkOptions: {seed: 7}\n",
    "task/accounts_task.yaml": `name: accounts_task\nsteps:\n  - name: accounts\n    type: postgres\n    options: {dbtable: ${SCHEMA}.accounts, saveMode: ${saveMode}}\n    count: {records: ${records}}\n    fields:\n${ACCOUNT_FIELDS}`,
  });
}

/** Every file under a folder, as one text (to look for a secret in reports and history). */
const everything = (dir: string): string =>
  (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }) : [])
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), "latin1"))
    .join("\n");

test("rowforge run writes a plan's rows into PostgreSQL through an application.conf connection whose password comes from an environment variable", async () => {
  const dir = legacyProject(url(), "append");
  const home = join(dir, "home");
  const r = runCli(
    ["run", join(dir, "plan.yaml"), "--config", join(dir, "application.conf"), "--home", home],
    {
      env: ENV,
    },
  );
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /accounts\s+postgres\s+2,000 /);
  const [count] = await pgQuery<{ n: string; old: string; defaults: string }>(
    `SELECT count(*)::text AS n, count(*) FILTER (WHERE account_id = 'OLD-1')::text AS old, count(*) FILTER (WHERE note = 'kept default')::text AS defaults FROM ${SCHEMA}.accounts`,
  );
  assert.deepEqual(
    count,
    { n: "2001", old: "1", defaults: "2001" },
    "append keeps the row that was there; unnamed columns take their defaults",
  );
  const bad = await pgQuery(
    `SELECT account_id FROM ${SCHEMA}.accounts WHERE account_id <> 'OLD-1' AND (account_id !~ '^ACC[0-9]{8}$' OR balance < 0 OR balance > 5000 OR opened NOT BETWEEN '2020-01-01' AND '2024-12-31')`,
  );
  assert.deepEqual(bad, []);
  const all = `${r.stdout}\n${r.stderr}\n${everything(home)}`;
  assert.ok(!all.includes(PASSWORD), "the password appears in no output, report or history");

  // The same plan with overwrite: the table holds exactly the plan's rows, the same ones again.
  const before = await pgQuery<{ id: string }>(
    `SELECT account_id AS id FROM ${SCHEMA}.accounts WHERE account_id <> 'OLD-1' ORDER BY 1`,
  );
  const again = legacyProject(url(), "overwrite");
  const r2 = runCli(
    ["run", join(again, "plan.yaml"), "--config", join(again, "application.conf"), "--home", home],
    {
      env: ENV,
    },
  );
  assert.equal(r2.status, 0, r2.stderr);
  const afterRows = await pgQuery<{ id: string }>(
    `SELECT account_id AS id FROM ${SCHEMA}.accounts ORDER BY 1`,
  );
  assert.deepEqual(afterRows, before, "overwrite truncated the table; the same seed wrote the same rows");
});

test("a unified plan with an inline postgres connection creates its table when createTable is set, and refuses a missing table without it", async () => {
  const unified = (createTable: boolean) =>
    fixtureDir({
      "unified.yaml": `name: unified_pg
sinkOptions: {seed: "3"}
dataSources:
  - name: my_pg
    connection:
      type: postgres
      options:
        url: "${url()}"
        user: ${ROLE}
        password: "\${RF_E2E_PG_PASSWORD}"
    steps:
      - name: events
        options: {dbtable: ${SCHEMA}.events${createTable ? ", createTable: true" : ""}}
        count: {records: 300}
        fields:
          - {name: id, type: long, options: {sql: '__index_inc'}}
          - {name: at, type: timestamp}
          - {name: tags, type: 'array<string>', options: {arrayMinLen: 1, arrayMaxLen: 3}}
          - {name: payload, type: 'struct<kind:string,score:double>'}
`,
    });
  const refused = unified(false);
  const r1 = runCli(["run", join(refused, "unified.yaml"), "--home", join(refused, "home")], { env: ENV });
  assert.equal(r1.status, 2, r1.stdout + r1.stderr);
  assert.match(r1.stderr, /RF_DB_TABLE_NOT_FOUND/);
  assert.match(r1.stderr, new RegExp(`table ${SCHEMA}\\.events does not exist`));
  assert.match(r1.stderr, /createTable: true/);

  const created = unified(true);
  const r2 = runCli(["run", join(created, "unified.yaml"), "--home", join(created, "home")], { env: ENV });
  assert.equal(r2.status, 0, r2.stderr);
  const [row] = await pgQuery<{ n: string; tags: string; payload: string }>(
    `SELECT count(*)::text AS n, pg_typeof(min(tags))::text AS tags, (SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = '${SCHEMA}.events'::regclass AND attname = 'payload') AS payload FROM ${SCHEMA}.events`,
  );
  assert.deepEqual(row, { n: "300", tags: "text[]", payload: "jsonb" });
});

/** A loopback port nothing listens on. */

test("server down (nothing on the port): a coded error naming the connection and host:port, within the connect timeout, exit 1 (the environment, not the input)", async () => {
  const port = await freePort();
  const dir = legacyProject(url(port), "append");
  const r = runCli(
    ["run", join(dir, "plan.yaml"), "--config", join(dir, "application.conf"), "--home", join(dir, "home")],
    {
      env: ENV,
      timeoutMs: 60_000,
    },
  );
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /RF_DB_UNREACHABLE/);
  assert.match(
    r.stderr,
    new RegExp(
      `connection "local_pg": cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port} \\(connection refused`,
    ),
  );
  assert.ok(!`${r.stdout}${r.stderr}`.includes(PASSWORD));
});

test("wrong password: the error names the user, never the password", async () => {
  const dir = legacyProject(url(), "append");
  const wrong = `wrong-${randomBytes(6).toString("hex")}`;
  const r = runCli(
    ["run", join(dir, "plan.yaml"), "--config", join(dir, "application.conf"), "--home", join(dir, "home")],
    {
      env: { RF_E2E_PG_PASSWORD: wrong },
    },
  );
  assert.equal(r.status, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /RF_DB_AUTH_FAILED/);
  assert.match(
    r.stderr,
    new RegExp(
      `connection "local_pg": PostgreSQL at 127\\.0\\.0\\.1:\\d+/postgres refused user "${ROLE}" \\(wrong password\\)`,
    ),
  );
  const all = `${r.stdout}${r.stderr}${everything(join(dir, "home"))}`;
  assert.ok(!all.includes(wrong) && !all.includes(PASSWORD), "no password in messages, reports or history");
});

test("a value the column cannot hold: the run fails naming table, column and row (binary COPY: the server gives no value), and nothing of the step stays", async () => {
  await pgQuery(`CREATE TABLE ${SCHEMA}.narrow (id bigint, code varchar(3))`);
  await pgQuery(`ALTER TABLE ${SCHEMA}.narrow OWNER TO ${ROLE}`);
  const dir = fixtureDir({
    // Spark's spelling: a jdbc block whose URL says PostgreSQL.
    "application.conf": `jdbc {\n  local_pg {\n    url = "${url()}"\n    user = "${ROLE}"\n    password = \${RF_E2E_PG_PASSWORD}\n    driver = "org.postgresql.Driver"\n  }\n}\n`,
    "plan.yaml": "name: narrow_plan\ntasks: [{name: t, dataSourceName: local_pg}]\n",
    "task/t.yaml": `name: t\nsteps:\n  - name: narrow\n    options: {dbtable: ${SCHEMA}.narrow}\n    count: {records: 1000}\n    fields:\n      - {name: id, type: long, options: {sql: '__index_inc'}}\n      - {name: code, options: {sql: "CASE WHEN id = 700 THEN 'TOOLONG' ELSE 'AB' END"}}\n`,
  });
  const r = runCli(
    ["run", join(dir, "plan.yaml"), "--config", join(dir, "application.conf"), "--home", join(dir, "home")],
    {
      env: ENV,
    },
  );
  assert.equal(r.status, 1, r.stdout + r.stderr);
  const out = r.stdout + r.stderr;
  assert.match(out, /RF_DB_WRITE_FAILED/);
  assert.match(out, new RegExp(`table ${SCHEMA}\\.narrow`));
  assert.match(
    out,
    /refused the rows at row 700, column code: value too long for type character varying\(3\)/,
  );
  const [count] = await pgQuery<{ n: string }>(`SELECT count(*)::text AS n FROM ${SCHEMA}.narrow`);
  assert.equal(count?.n, "0", "the step's transaction was rolled back");
});
