import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
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
 * `rowforge run plan.yaml --mode delete` on database tables, as a user runs it: the runs are
 * recorded in a home (--home), delete regenerates their keys from that history. PostgreSQL
 * through the table's primary key; MariaDB through a table without one (a row-equality delete).
 */
const PG_TABLE = `public.rf_cli_delete_${process.pid}`;
const MY_TABLE = freshMysqlTable();

before(async () => {
  await pgQuery(`CREATE TABLE ${PG_TABLE} (id varchar(20) PRIMARY KEY, name text, joined date)`);
  await pgQuery(`INSERT INTO ${PG_TABLE} VALUES ('OLD-1', 'there before', '2020-01-01')`);
  await mysqlQuery(`CREATE TABLE ${MY_TABLE} (id varchar(20), name text, joined date)`);
  await mysqlQuery(`INSERT INTO ${MY_TABLE} VALUES ('OLD-1', 'there before', '2020-01-01')`);
});

after(async () => {
  await pgQuery(`DROP TABLE IF EXISTS ${PG_TABLE}`);
  await mysqlQuery(`DROP TABLE IF EXISTS ${MY_TABLE}`);
});

const FIELDS = `          - {name: id, options: {regex: "ID[0-9]{8}", isUnique: true}}
          - {name: name, options: {expression: "#{Name.firstName}"}}
          - {name: joined, type: date, options: {min: "2021-01-01", max: "2024-12-31"}}
`;

function project(type: string, connection: string, dbtable: string): string {
  return fixtureDir({
    "plan.yaml": `name: cli_delete
dataSources:
  - name: db
    connection: {type: ${type}, options: ${connection}}
    steps:
      - name: people
        options: {dbtable: ${dbtable}}
        count: {records: 1500}
        fields:
${FIELDS}`,
  });
}

/** Every file under a folder, as one text (to look for a secret in reports and history). */
const everything = (dir: string): string =>
  (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }) : [])
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), "latin1"))
    .join("\n");

const CASES = [
  {
    name: "PostgreSQL (by the table's primary key)",
    dir: () =>
      project("postgres", `{url: "${postgresJdbcUrl()}", user: "${postgresFacts().user}"}`, PG_TABLE),
    env: (): Record<string, string> => ({}),
    query: (sql: string) => pgQuery(sql),
    table: PG_TABLE,
    key: /primary key id/,
  },
  {
    name: "MariaDB (a table without a primary key: rows equal in every generated column)",
    dir: () =>
      project(
        "mysql",
        `{url: "${mariadbJdbcUrl()}", user: "${mariadbFacts().user}", password: "\${RF_DELETE_PW}"}`,
        MY_TABLE,
      ),
    env: (): Record<string, string> => ({ RF_DELETE_PW: mariadbFacts().password }),
    query: (sql: string) => mysqlQuery(sql),
    table: MY_TABLE,
    key: /rows equal in all 3 generated columns/,
  },
];

for (const c of CASES) {
  test(`rowforge run --mode delete, ${c.name}: removes the rows of the recorded runs only, says how many, and a second delete says nothing is left`, async () => {
    const dir = c.dir();
    const plan = join(dir, "plan.yaml");
    const home = join(dir, "home");
    // ~/.rowforge is the default home; these runs are recorded in another one (--home).
    const env = { ...c.env(), HOME: dir, ROWFORGE_HOME: "" };
    const count = async () => Number((await c.query(`SELECT count(*) AS n FROM ${c.table}`))[0]!.n);

    // Worker threads make the rows of the first run; the delete regenerates them in its own thread.
    const first = runCli(["run", plan, "--home", home, "--seed", "1", "--workers", "2", "--quiet"], { env });
    assert.equal(first.status, 0, first.stderr);
    const second = runCli(["run", plan, "--home", home, "--seed", "2", "--quiet"], { env });
    assert.equal(second.status, 0, second.stderr);
    await c.query(`INSERT INTO ${c.table} VALUES ('NEW-1', 'written after', '2025-01-01')`);
    assert.equal(await count(), 3002);

    // An empty ROWFORGE_HOME is the default home (~/.rowforge), never the current folder.
    const noHome = runCli(["run", plan, "--mode", "delete", "--quiet"], { env, cwd: dir });
    assert.equal(noHome.status, 1, noHome.stdout);
    assert.match(noHome.stderr, /holds no generate run of plan cli_delete/);
    assert.ok(existsSync(join(dir, ".rowforge", "store")), "the default home is ~/.rowforge");
    assert.ok(
      !existsSync(join(dir, "store")) && !existsSync(join(dir, "reports")),
      "no home made in the cwd",
    );
    const noHistory = runCli(["run", plan, "--mode", "delete", "--no-history", "--quiet"], { env, cwd: dir });
    assert.equal(noHistory.status, 1, noHistory.stdout);
    assert.match(noHistory.stderr, /no run history is read \(--no-history\).*without --no-history/);
    assert.equal(await count(), 3002, "nothing is deleted without the history");

    const otherHome = runCli(
      ["run", plan, "--mode", "delete", "--home", join(dir, "other-home"), "--quiet"],
      {
        env,
      },
    );
    assert.equal(otherHome.status, 1, otherHome.stdout);
    assert.match(otherHome.stderr, /holds no generate run of plan cli_delete.*RF_DELETE_HISTORY_MISSING/s);
    assert.equal(await count(), 3002, "nothing is deleted with a history that does not know the runs");

    const d = runCli(["run", plan, "--mode", "delete", "--home", home, "--quiet"], { env });
    assert.equal(d.status, 0, d.stderr);
    assert.match(d.stdout, /people\s+\w+\s+3,000 /);
    assert.match(d.stdout, c.key);
    assert.match(
      d.stdout,
      /done: plan \S+, 3,000 records deleted/,
      "a delete names no seed or time of its own",
    );
    const left = await c.query(`SELECT id FROM ${c.table} ORDER BY id`);
    assert.deepEqual(
      left.map((r) => r.id),
      ["NEW-1", "OLD-1"],
    );

    const again = runCli(["run", plan, "--mode", "delete", "--home", home, "--quiet"], { env });
    assert.equal(again.status, 0, again.stderr);
    assert.match(
      again.stdout,
      /people\s+\w+\s+0 .*nothing to delete: the rows of the 2 run\(s\) .*deleted already/,
    );
    const history = runCli(["history", "--home", home], { env });
    assert.equal(history.status, 0, history.stderr);
    assert.match(history.stdout, /delete/);
    const secret = c.env().RF_DELETE_PW;
    if (secret) assert.ok(!everything(home).includes(secret), "the password is nowhere in the home");
  });
}
