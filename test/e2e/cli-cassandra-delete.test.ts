import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";
import { cassandraFacts, cassandraSecretLogin, cqlQuery, freshCassandraTable } from "../support/servers.ts";

/** Every file under a folder, as one text (to look for the password in reports and history). */
const everything = (dir: string): string =>
  (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }) : [])
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), "latin1"))
    .join("\n");

test("rowforge run --mode delete on a Cassandra table: removes the rows of the recorded runs by the primary key, says how many, and a second delete says nothing is left", async () => {
  const f = { ...cassandraFacts(), ...(await cassandraSecretLogin()) };
  const [ks, table] = await freshCassandraTable();
  await cqlQuery(`CREATE TABLE ${ks}.${table} (id text, seq int, name text, PRIMARY KEY ((id), seq))`);
  await cqlQuery(`INSERT INTO ${ks}.${table} (id, seq, name) VALUES ('OLD-1', 1, 'there before')`);
  const dir = fixtureDir({
    "plan.yaml": `name: cli_cass_delete
dataSources:
  - name: cass
    connection: {type: cassandra, options: {host: "${f.host}", port: "${f.port}", user: "${f.user}", password: "\${RF_CASS_PW}"}}
    steps:
      - name: people
        options: {keyspace: ${ks}, table: ${table}}
        count: {records: 1500}
        fields:
          - {name: id, options: {regex: "ID[0-9]{8}", isUnique: true}}
          - {name: seq, type: int, options: {min: 1, max: 9}}
          - {name: name, options: {expression: "#{Name.firstName}"}}
`,
  });
  const plan = join(dir, "plan.yaml");
  const home = join(dir, "home");
  const env = { RF_CASS_PW: f.password, HOME: dir, ROWFORGE_HOME: "" };
  const count = async () => (await cqlQuery(`SELECT id FROM ${ks}.${table}`)).length;

  for (const seed of ["1", "2"]) {
    const r = runCli(["run", plan, "--home", home, "--seed", seed, "--quiet"], { env, timeoutMs: 120_000 });
    assert.equal(r.status, 0, r.stderr);
  }
  await cqlQuery(`INSERT INTO ${ks}.${table} (id, seq, name) VALUES ('NEW-1', 1, 'written after')`);
  assert.equal(await count(), 3002);

  const d = runCli(["run", plan, "--mode", "delete", "--home", home, "--quiet"], { env, timeoutMs: 120_000 });
  assert.equal(d.status, 0, d.stderr);
  assert.match(d.stdout, /people\s+\w+\s+3,000 /);
  assert.match(d.stdout, /primary key id, seq/);
  assert.match(d.stdout, /3,000 records deleted/);
  const left = (await cqlQuery(`SELECT id FROM ${ks}.${table}`)).map((r) => String(r.id)).sort();
  assert.deepEqual(left, ["NEW-1", "OLD-1"]);

  const again = runCli(["run", plan, "--mode", "delete", "--home", home, "--quiet"], {
    env,
    timeoutMs: 120_000,
  });
  assert.equal(again.status, 0, again.stderr);
  assert.match(
    again.stdout,
    /people\s+\w+\s+0 .*nothing to delete: the rows of the 2 run\(s\) .*deleted already/,
  );
  assert.ok(!everything(home).includes(f.password), "the password is nowhere in the home");
  assert.ok(!`${d.stdout}${d.stderr}`.includes(f.password));
});
