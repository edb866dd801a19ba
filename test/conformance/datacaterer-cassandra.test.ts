import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { runCli } from "../support/run-cli.ts";
import { cassandraFacts, cqlQuery } from "../support/servers.ts";
import { CORPUS, CORPUS_MISSING, corpusAvailable } from "../support/shared-corpus.ts";

/**
 * The corpus's Cassandra plan and task, run against the test run's node: their connection is
 * pointed at it (the plan through the corpus application.conf's ${?CASSANDRA_*} overrides, the
 * task through a plan and application.conf of the test's own), their tables made first as Data
 * Caterer users make them (the files declare no key rowforge could create them from).
 */
const SCHEMA = [
  "CREATE KEYSPACE IF NOT EXISTS account WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
  "CREATE TABLE IF NOT EXISTS account.accounts (account_id text PRIMARY KEY, amount double, name text, created_by text, status text, open_time timestamp)",
  "CREATE TABLE IF NOT EXISTS account.account_status_history (account_id text, eod_date date, status text, updated_by text, updated_time timestamp, PRIMARY KEY (account_id, updated_time))",
  "CREATE KEYSPACE IF NOT EXISTS customer WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
  "CREATE TABLE IF NOT EXISTS customer.events (customer_id text, event_date date, event_timestamp timestamp, event_id text, event_type text, event_details map<text, text>, amount double, status text, created_by text, session_duration_minutes int, ip_address text, user_agent text, processed_at timestamp, PRIMARY KEY ((customer_id, event_date), event_timestamp, event_id))",
];

interface Result {
  success: boolean;
  steps: { name: string; records: number; outputs: string[] }[];
}

const ARGS = ["--json", "--seed", "7", "--now", "2026-11-01T00:00:00Z"];

test("the corpus's plan/cassandra.yaml writes accounts and their status history into Cassandra (the foreign key holds)", async (t) => {
  if (!corpusAvailable()) {
    t.skip(CORPUS_MISSING);
    return;
  }
  const f = cassandraFacts();
  for (const q of SCHEMA) await cqlQuery(q);
  await cqlQuery("TRUNCATE account.accounts");
  await cqlQuery("TRUNCATE account.account_status_history");
  const r = runCli(
    ["run", join(CORPUS, "plan/cassandra.yaml"), "--config", join(CORPUS, "application.conf"), ...ARGS],
    {
      cwd: mkdtempSync(join(tmpdir(), "rowforge-corpus-")),
      env: {
        CASSANDRA_HOST: f.host,
        CASSANDRA_PORT: String(f.port),
        CASSANDRA_USERNAME: f.user,
        CASSANDRA_PASSWORD: f.password,
      },
      timeoutMs: 120_000,
    },
  );
  assert.equal(r.status, 0, r.stderr);
  const result = JSON.parse(r.stdout) as Result;
  const [accounts, history] = result.steps;
  assert.equal(accounts?.records, 10);
  assert.deepEqual(accounts?.outputs, [`cassandra://${f.host}:${f.port}/account.accounts`]);
  assert.ok(history && history.records >= 10 && history.records <= 50, `${history?.records} history rows`);
  const ids = new Set((await cqlQuery("SELECT account_id FROM account.accounts")).map((x) => x.account_id));
  assert.equal(ids.size, 10);
  const children = await cqlQuery(
    "SELECT account_id, eod_date, updated_time FROM account.account_status_history",
  );
  assert.ok(children.length > 0);
  for (const c of children) {
    assert.ok(ids.has(c.account_id), `history row of ${c.account_id} has its account`);
    // eod_date: TO_DATE(updated_time).
    assert.equal(String(c.eod_date), (c.updated_time as Date).toISOString().slice(0, 10));
  }
});

test("the corpus's advanced Cassandra task (partition and clustering keys, a map, nulls, SQL fields) writes its 5,000 events", async (t) => {
  if (!corpusAvailable()) {
    t.skip(CORPUS_MISSING);
    return;
  }
  const f = cassandraFacts();
  for (const q of SCHEMA) await cqlQuery(q);
  await cqlQuery("TRUNCATE customer.events");
  const dir = mkdtempSync(join(tmpdir(), "rowforge-corpus-"));
  writeFileSync(
    join(dir, "plan.yaml"),
    "name: advanced_cassandra_plan\ntasks: [{name: advanced_cassandra_task, dataSourceName: cassandra}]\n",
  );
  writeFileSync(
    join(dir, "application.conf"),
    `folders { taskFolderPath = "${join(CORPUS, "task")}" }\norg.apache.spark.sql.cassandra {\n  cassandra {\n    spark.cassandra.connection.host = "${f.host}"\n    spark.cassandra.connection.port = "${f.port}"\n    spark.cassandra.auth.username = "${f.user}"\n    spark.cassandra.auth.password = \${RF_CASSANDRA_PW}\n  }\n}\n`,
  );
  const r = runCli(["run", join(dir, "plan.yaml"), "--config", join(dir, "application.conf"), ...ARGS], {
    cwd: dir,
    env: { RF_CASSANDRA_PW: f.password },
    timeoutMs: 120_000,
  });
  assert.equal(r.status, 0, r.stderr);
  const result = JSON.parse(r.stdout) as Result;
  assert.equal(result.steps[0]?.records, 5000);
  const rows = await cqlQuery(
    "SELECT customer_id, event_type, created_by, amount, event_timestamp, processed_at FROM customer.events",
  );
  // Rows whose whole key repeats are one row in Cassandra (an upsert): at most 5,000.
  assert.ok(rows.length > 4900 && rows.length <= 5000, `${rows.length} rows`);
  let nulls = 0;
  for (const row of rows) {
    assert.match(row.customer_id, /^CUST[0-9]{6}$/);
    assert.equal(row.created_by, ["login", "logout"].includes(row.event_type) ? "system" : "user");
    assert.equal((row.processed_at as Date).getTime() - (row.event_timestamp as Date).getTime(), 60_000);
    if (row.amount === null) nulls++;
  }
  assert.ok(nulls > rows.length * 0.2 && nulls < rows.length * 0.4, `${nulls} null amounts (nullProb 0.3)`);
});
