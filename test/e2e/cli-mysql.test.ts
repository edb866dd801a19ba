import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";
import { freePort } from "../support/script-process.ts";
import { freshMysqlTable, mariadbFacts, mysqlQuery } from "../support/servers.ts";

// The password reaches rowforge only through an environment variable.
const ENV = (): Record<string, string> => ({ RF_E2E_MYSQL_PASSWORD: mariadbFacts().password });
const ACCOUNTS = freshMysqlTable();
const NARROW = freshMysqlTable();

before(async () => {
  await mysqlQuery(
    `CREATE TABLE ${ACCOUNTS} (account_id varchar(20) PRIMARY KEY, name text NOT NULL, balance decimal(10,2), opened date, note varchar(40) DEFAULT 'kept default')`,
  );
  await mysqlQuery(`INSERT INTO ${ACCOUNTS} (account_id, name) VALUES ('OLD-1', 'there before')`);
  await mysqlQuery(`CREATE TABLE ${NARROW} (id bigint, code varchar(3))`);
});

after(async () => {
  await mysqlQuery(`DROP TABLE IF EXISTS ${ACCOUNTS}, ${NARROW}`);
});

const url = (port = mariadbFacts().port) =>
  `jdbc:mysql://${mariadbFacts().host}:${port}/${mariadbFacts().database}?useSSL=false`;

const ACCOUNT_FIELDS = `      - {name: account_id, options: {regex: "ACC[0-9]{8}", isUnique: true}}
      - {name: name, options: {expression: "#{Name.firstName}"}}
      - {name: balance, type: 'decimal(10,2)', options: {min: 0, max: 5000}}
      - {name: opened, type: date, options: {min: '2020-01-01', max: '2024-12-31'}}
`;

/** A legacy plan, its task and an application.conf whose mysql connection takes its password from ${RF_E2E_MYSQL_PASSWORD}. */
function legacyProject(connectionUrl: string, saveMode: string, records = 2000): string {
  return fixtureDir({
    "application.conf": `mysql {\n  local_maria {\n    url = "${connectionUrl}"\n    user = "${mariadbFacts().user}"\n    password = \${RF_E2E_MYSQL_PASSWORD}\n    driver = "com.mysql.cj.jdbc.Driver"\n  }\n}\n`,
    "plan.yaml":
      "name: maria_plan\ntasks: [{name: accounts_task, dataSourceName: local_maria}]\nsinkOptions: {seed: 7}\n",
    "task/accounts_task.yaml": `name: accounts_task\nsteps:\n  - name: accounts\n    type: mysql\n    options: {dbtable: ${mariadbFacts().database}.${ACCOUNTS}, saveMode: ${saveMode}}\n    count: {records: ${records}}\n    fields:\n${ACCOUNT_FIELDS}`,
  });
}

/** Every file under a folder, as one text (to look for a secret in reports and history). */
const everything = (dir: string): string =>
  (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }) : [])
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), "latin1"))
    .join("\n");

const runProject = (dir: string, env: Record<string, string>) =>
  runCli(
    ["run", join(dir, "plan.yaml"), "--config", join(dir, "application.conf"), "--home", join(dir, "home")],
    {
      env,
      timeoutMs: 120_000,
    },
  );

test("rowforge run writes a plan's rows into MariaDB through an application.conf mysql connection whose password comes from an environment variable; overwrite replaces them", async () => {
  const dir = legacyProject(url(), "append");
  const r = runProject(dir, ENV());
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /accounts\s+mysql\s+2,000 /);
  const [count] = await mysqlQuery<{ n: number; old: number; defaults: number }>(
    `SELECT COUNT(*) AS n, SUM(account_id = 'OLD-1') AS old, SUM(note = 'kept default') AS defaults FROM ${ACCOUNTS}`,
  );
  assert.deepEqual(
    [Number(count?.n), Number(count?.old), Number(count?.defaults)],
    [2001, 1, 2001],
    "append keeps the row that was there; unnamed columns take their defaults",
  );
  const bad = await mysqlQuery(
    `SELECT account_id FROM ${ACCOUNTS} WHERE account_id <> 'OLD-1' AND (account_id NOT REGEXP '^ACC[0-9]{8}$' OR balance < 0 OR balance > 5000 OR opened NOT BETWEEN '2020-01-01' AND '2024-12-31' OR name = '')`,
  );
  assert.deepEqual(bad, []);
  const all = `${r.stdout}\n${r.stderr}\n${everything(join(dir, "home"))}`;
  assert.ok(!all.includes(mariadbFacts().password), "the password appears in no output, report or history");

  const before = await mysqlQuery<{ id: string }>(
    `SELECT account_id AS id FROM ${ACCOUNTS} WHERE account_id <> 'OLD-1' ORDER BY 1`,
  );
  const again = legacyProject(url(), "overwrite");
  const r2 = runProject(again, ENV());
  assert.equal(r2.status, 0, r2.stderr);
  const afterRows = await mysqlQuery<{ id: string }>(`SELECT account_id AS id FROM ${ACCOUNTS} ORDER BY 1`);
  assert.deepEqual(afterRows, before, "overwrite emptied the table; the same seed wrote the same rows");
});

test("a unified plan with an inline mysql connection creates its table when createTable is set, and refuses a missing table without it", async () => {
  const table = freshMysqlTable();
  const unified = (createTable: boolean) =>
    fixtureDir({
      "unified.yaml": `name: unified_maria
sinkOptions: {seed: "3"}
dataSources:
  - name: my_maria
    connection:
      type: mysql
      options:
        url: "jdbc:mariadb://${mariadbFacts().host}:${mariadbFacts().port}/${mariadbFacts().database}"
        user: ${mariadbFacts().user}
        password: "\${RF_E2E_MYSQL_PASSWORD}"
    steps:
      - name: events
        options: {dbtable: ${table}${createTable ? ", createTable: true" : ""}}
        count: {records: 300}
        fields:
          - {name: id, type: long, options: {sql: '__index_inc'}}
          - {name: at, type: timestamp}
          - {name: tags, type: 'array<string>', options: {arrayMinLen: 1, arrayMaxLen: 3}}
          - {name: payload, type: 'struct<kind:string,score:double>'}
`,
    });
  try {
    const refused = unified(false);
    const r1 = runCli(["run", join(refused, "unified.yaml"), "--home", join(refused, "home")], {
      env: ENV(),
    });
    assert.equal(r1.status, 2, r1.stdout + r1.stderr);
    assert.match(r1.stderr, /RF_DB_TABLE_NOT_FOUND/);
    assert.match(r1.stderr, new RegExp(`table ${mariadbFacts().database}\\.${table} does not exist`));
    assert.match(r1.stderr, /createTable: true/);

    const created = unified(true);
    const r2 = runCli(["run", join(created, "unified.yaml"), "--home", join(created, "home")], {
      env: ENV(),
    });
    assert.equal(r2.status, 0, r2.stderr);
    const [row] = await mysqlQuery<{ n: number; tags: string }>(
      `SELECT COUNT(*) AS n, SUM(JSON_LENGTH(tags) BETWEEN 1 AND 3) AS tags FROM ${table}`,
    );
    assert.deepEqual([Number(row?.n), Number(row?.tags)], [300, 300]);
  } finally {
    await mysqlQuery(`DROP TABLE IF EXISTS ${table}`);
  }
});

/** A loopback port nothing listens on. */

test("server down (nothing on the port): RF_DB_UNREACHABLE naming the connection and host:port, exit 1 (the environment, not the input)", async () => {
  const port = await freePort();
  const r = runProject(legacyProject(url(port), "append"), ENV());
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /RF_DB_UNREACHABLE/);
  assert.match(
    r.stderr,
    new RegExp(
      `connection "local_maria": cannot reach MySQL/MariaDB at 127\\.0\\.0\\.1:${port} \\(connection refused`,
    ),
  );
  assert.ok(!`${r.stdout}${r.stderr}`.includes(mariadbFacts().password));
});

test("wrong password: RF_DB_AUTH_FAILED naming the user, never the password", async () => {
  const dir = legacyProject(url(), "append");
  const wrong = `wrong-${randomBytes(6).toString("hex")}`;
  const r = runProject(dir, { RF_E2E_MYSQL_PASSWORD: wrong });
  assert.equal(r.status, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /RF_DB_AUTH_FAILED/);
  assert.match(
    r.stderr,
    new RegExp(
      `connection "local_maria": MySQL/MariaDB at 127\\.0\\.0\\.1:\\d+ refused user "${mariadbFacts().user}"`,
    ),
  );
  const all = `${r.stdout}${r.stderr}${everything(join(dir, "home"))}`;
  assert.ok(
    !all.includes(wrong) && !all.includes(mariadbFacts().password),
    "no password in messages, reports or history",
  );
});

test("a value the column cannot hold: the run fails naming table, column and row, and nothing of the step stays", async () => {
  const dir = fixtureDir({
    // Spark's spelling: a jdbc block whose URL says MySQL.
    "application.conf": `jdbc {\n  local_maria {\n    url = "${url()}"\n    user = "${mariadbFacts().user}"\n    password = \${RF_E2E_MYSQL_PASSWORD}\n  }\n}\n`,
    "plan.yaml": "name: narrow_plan\ntasks: [{name: t, dataSourceName: local_maria}]\n",
    "task/t.yaml": `name: t\nsteps:\n  - name: narrow\n    options: {dbtable: ${NARROW}}\n    count: {records: 1000}\n    fields:\n      - {name: id, type: long, options: {sql: '__index_inc'}}\n      - {name: code, options: {sql: "CASE WHEN id = 700 THEN 'TOOLONG' ELSE 'AB' END"}}\n`,
  });
  const r = runProject(dir, ENV());
  assert.equal(r.status, 1, r.stdout + r.stderr);
  const out = r.stdout + r.stderr;
  assert.match(out, /RF_DB_WRITE_FAILED/);
  assert.match(out, new RegExp(`table ${mariadbFacts().database}\\.${NARROW}`));
  assert.match(
    out,
    /refused the rows at row 700, column code: Data truncated for column .code.; nothing of the step was committed/,
  );
  const [count] = await mysqlQuery<{ n: number }>(`SELECT COUNT(*) AS n FROM ${NARROW}`);
  assert.equal(Number(count?.n), 0, "the step's transaction was rolled back");
});
