import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { before, test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";
import { cassandraFacts, cassandraSecretLogin, cqlQuery, freshCassandraTable } from "../support/servers.ts";

let login: { user: string; password: string };
before(async () => {
  login = await cassandraSecretLogin();
});

/** Every file under a folder, as one text (to look for a secret in reports and history). */
const everything = (dir: string): string =>
  (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }) : [])
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), "latin1"))
    .join("\n");

const FIELDS = `          - {name: id, type: long, options: {sql: '__index_inc', isPrimaryKey: true}}
          - {name: name, options: {expression: "#{Name.firstName}"}}
          - {name: amount, type: 'decimal(10,2)', options: {min: 1, max: 100}}
          - {name: opened, type: date, options: {min: '2020-01-01', max: '2024-12-31'}}
`;

/** A unified plan whose inline cassandra connection takes its password from ${RF_E2E_CASS_PASSWORD}. */
const unified = (keyspace: string, table: string, port = cassandraFacts().port) =>
  fixtureDir({
    "unified.yaml": `name: unified_cassandra
sinkOptions: {seed: "3"}
dataSources:
  - name: my_cass
    connection:
      type: cassandra
      options: {host: "${cassandraFacts().host}", port: "${port}", user: ${login.user}, password: "\${RF_E2E_CASS_PASSWORD}"}
    steps:
      - name: customers
        options: {keyspace: ${keyspace}, table: ${table}, createTable: true}
        count: {records: 3000}
        fields:
${FIELDS}`,
  });

test("rowforge run of a unified plan creates and fills a Cassandra table; the password (from the environment) is in no output, report or history", async () => {
  const [ks, t] = await freshCassandraTable();
  const dir = unified(ks, t);
  const r = runCli(["run", join(dir, "unified.yaml"), "--home", join(dir, "home")], {
    env: { RF_E2E_CASS_PASSWORD: login.password },
    timeoutMs: 120_000,
  });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /customers\s+cassandra\s+3,000 /);
  const [row] = await cqlQuery(
    `SELECT count(*) AS n, min(amount) AS lo, max(amount) AS hi FROM "${ks}"."${t}"`,
  );
  assert.equal(Number(row?.n), 3000);
  assert.ok(Number(row?.lo) >= 1 && Number(row?.hi) <= 100);
  const h = runCli(["history", "--home", join(dir, "home")]);
  const all = `${r.stdout}\n${r.stderr}\n${h.stdout}\n${everything(join(dir, "home"))}`;
  assert.ok(!all.includes(login.password), "the password appears in no output, report or history");
});

test("rowforge run of a legacy plan with an application.conf org.apache.spark.sql.cassandra connection (Spark's option names, ${VAR} password)", async () => {
  const [ks, t] = await freshCassandraTable();
  await cqlQuery(
    `CREATE TABLE "${ks}"."${t}" (id bigint PRIMARY KEY, name text, amount decimal, opened date)`,
  );
  const f = cassandraFacts();
  const dir = fixtureDir({
    "application.conf": `org.apache.spark.sql.cassandra {\n  local_cass {\n    spark.cassandra.connection.host = "${f.host}"\n    spark.cassandra.connection.port = "${f.port}"\n    spark.cassandra.auth.username = "${login.user}"\n    spark.cassandra.auth.password = \${RF_E2E_CASS_PASSWORD}\n  }\n}\n`,
    "plan.yaml": "name: cass_plan\ntasks: [{name: t, dataSourceName: local_cass}]\n",
    "task/t.yaml": `name: t\nsteps:\n  - name: customers\n    type: cassandra\n    options: {keyspace: ${ks}, table: ${t}, saveMode: overwrite}\n    count: {records: 1000}\n    fields:\n${FIELDS.replace(/^ {4}/gm, "")}`,
  });
  const r = runCli(
    ["run", join(dir, "plan.yaml"), "--config", join(dir, "application.conf"), "--home", join(dir, "home")],
    { env: { RF_E2E_CASS_PASSWORD: login.password }, timeoutMs: 120_000 },
  );
  assert.equal(r.status, 0, r.stderr);
  assert.equal(Number((await cqlQuery(`SELECT count(*) AS n FROM "${ks}"."${t}"`))[0]?.n), 1000);
  assert.ok(!`${r.stdout}${r.stderr}${everything(join(dir, "home"))}`.includes(login.password));
});

test("server down (nothing on the port): exit 1, RF_DB_UNREACHABLE naming the connection and host:port, fast", async () => {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  const dir = unified("ks", "t", port);
  const t0 = performance.now();
  const r = runCli(["run", join(dir, "unified.yaml"), "--home", join(dir, "home")], {
    env: { RF_E2E_CASS_PASSWORD: login.password },
  });
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.ok(performance.now() - t0 < 15_000, "no hang");
  assert.match(
    r.stderr,
    new RegExp(
      `RF_DB_UNREACHABLE: connection "my_cass": cannot reach Cassandra at 127\\.0\\.0\\.1:${port} \\(connection refused`,
    ),
  );
  assert.ok(!`${r.stdout}${r.stderr}`.includes(login.password));
});

test("wrong password: exit 2, RF_DB_AUTH_FAILED naming the user, never the password", async () => {
  const dir = unified("ks", "t");
  const wrong = `${login.password}-wrong`;
  const r = runCli(["run", join(dir, "unified.yaml"), "--home", join(dir, "home")], {
    env: { RF_E2E_CASS_PASSWORD: wrong },
  });
  assert.equal(r.status, 2, r.stdout + r.stderr);
  assert.match(
    r.stderr,
    new RegExp(
      `RF_DB_AUTH_FAILED: connection "my_cass": Cassandra at 127\\.0\\.0\\.1:\\d+ refused user "${login.user}"`,
    ),
  );
  const all = `${r.stdout}${r.stderr}${everything(join(dir, "home"))}`;
  assert.ok(!all.includes(login.password), "no password in messages, reports or history");
});
