import assert from "node:assert/strict";
import { join } from "node:path";
import { after, test } from "node:test";
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
 * `rowforge run --mode delete` as a user runs it, on tables holding rows of others that look
 * like the generated ones: rows sharing an isPrimaryKey value the table does not keep unique
 * stay (PostgreSQL); rows told apart only by a column the step does not generate make the
 * delete refuse, exit 1 with the code, and delete nothing (MariaDB).
 */
const PG_TABLE = `public.rf_cli_foreign_${process.pid}`;
const MY_TABLE = freshMysqlTable();

after(async () => {
  await pgQuery(`DROP TABLE IF EXISTS ${PG_TABLE}`);
  await mysqlQuery(`DROP TABLE IF EXISTS ${MY_TABLE}`);
});

function project(type: string, connection: string, dbtable: string): { plan: string; home: string } {
  const dir = fixtureDir({
    "plan.yaml": `name: cli_foreign_rows
dataSources:
  - name: db
    connection: {type: ${type}, options: ${connection}}
    steps:
      - name: people
        options: {dbtable: ${dbtable}}
        count: {records: 5}
        fields:
          - {name: id, options: {regex: "ID[0-9]{6}", isPrimaryKey: true}}
          - {name: name, options: {expression: "#{Name.firstName}"}}
`,
  });
  return { plan: join(dir, "plan.yaml"), home: join(dir, "home") };
}

const ENV = { ROWFORGE_HOME: "" };

test("rowforge run --mode delete, PostgreSQL, isPrimaryKey on a column the table does not keep unique: the 5 generated rows go, 4 rows of others sharing their ids stay", async () => {
  await pgQuery(`CREATE TABLE ${PG_TABLE} (id varchar(20), name text)`);
  const p = project("postgres", `{url: "${postgresJdbcUrl()}", user: "${postgresFacts().user}"}`, PG_TABLE);
  const run = runCli(["run", p.plan, "--home", p.home, "--seed", "4", "--quiet"], { env: ENV });
  assert.equal(run.status, 0, run.stderr);
  await pgQuery(`INSERT INTO ${PG_TABLE} SELECT id, 'someone else' FROM ${PG_TABLE} ORDER BY id LIMIT 4`);

  const d = runCli(["run", p.plan, "--mode", "delete", "--home", p.home, "--quiet"], { env: ENV });
  assert.equal(d.status, 0, d.stderr);
  assert.match(d.stdout, /people\s+\w+\s+5 .*rows equal in all 2 generated columns/);
  assert.match(d.stdout, /5 records deleted/);
  const left = await pgQuery(`SELECT name FROM ${PG_TABLE}`);
  assert.deepEqual(
    left.map((r) => r.name),
    ["someone else", "someone else", "someone else", "someone else"],
  );
});

test("rowforge run --mode delete, MariaDB, a row of others equal to a generated one but for a column the step does not generate: exit 1 with RF_DELETE_AMBIGUOUS naming it, nothing deleted", async () => {
  await mysqlQuery(
    `CREATE TABLE ${MY_TABLE} (rid int AUTO_INCREMENT PRIMARY KEY, id varchar(20), name text) ENGINE=InnoDB`,
  );
  const f = mariadbFacts();
  const p = project(
    "mysql",
    `{url: "${mariadbJdbcUrl()}", user: "${f.user}", password: "\${RF_FOREIGN_PW}"}`,
    MY_TABLE,
  );
  const env = { ...ENV, RF_FOREIGN_PW: f.password };
  const run = runCli(["run", p.plan, "--home", p.home, "--seed", "4", "--quiet"], { env });
  assert.equal(run.status, 0, run.stderr);
  await mysqlQuery(
    `INSERT INTO ${MY_TABLE} (id, name) SELECT id, name FROM ${MY_TABLE} ORDER BY rid LIMIT 1`,
  );

  const d = runCli(["run", p.plan, "--mode", "delete", "--home", p.home, "--quiet"], { env });
  assert.equal(d.status, 1, d.stdout);
  assert.match(d.stderr, /RF_DELETE_AMBIGUOUS/);
  assert.match(
    d.stderr,
    /holds 2 rows equal in every generated column \(id, name\) .*only rid, which the step does not generate, can tell them apart/,
  );
  assert.ok(!`${d.stdout}${d.stderr}`.includes(f.password), "no password in the output");
  const count = await mysqlQuery(`SELECT count(*) AS n FROM ${MY_TABLE}`);
  assert.equal(Number(count[0]!.n), 6, "nothing deleted");
});
