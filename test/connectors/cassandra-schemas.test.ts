import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { OUTPUT_KINDS } from "../../src/app/output-kinds.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { readSchemas } from "../../src/app/schemas/read-schemas.ts";
import { loadPlanFile } from "../../src/config/index.ts";
import { readCqlType } from "../../src/connectors/cassandra/cassandra-describe.ts";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { TEST_NOW_MICROS } from "../support/plans.ts";
import { runCli } from "../support/run-cli.ts";
import { cassandraConnection, cqlQuery, freshCassandraTable } from "../support/servers.ts";

/**
 * Cassandra steps naming keyspace and table without fields: their columns, types and primary
 * key are read from system_schema.columns, the rows generated for them are all stored (keys
 * unique), and a plan foreign key may name columns that come from the tables.
 */
async function createTables(): Promise<{ ks: string; accounts: string; history: string }> {
  const [ks, accounts] = await freshCassandraTable();
  const [, history] = await freshCassandraTable();
  await cqlQuery(`CREATE TABLE ${ks}.${accounts} (
    account_id text PRIMARY KEY, name varchar, code ascii, balance decimal, opened date, seen timestamp,
    active boolean, n bigint, big varint, small smallint, tiny tinyint, ratio float, score double, count int,
    photo blob, uid uuid, tid timeuuid, tags set<text>, attrs map<text, int>, scores list<double>,
    nested frozen<list<frozen<map<text, bigint>>>>, place inet)`);
  await cqlQuery(`CREATE TABLE ${ks}.${history} (
    account_id text, day date, ts timestamp, seq int, status text, PRIMARY KEY ((account_id, day), ts, seq))`);
  return { ks, accounts, history };
}

async function planOf(t: {
  ks: string;
  accounts: string;
  history: string;
}): Promise<{ plan: ResolvedPlan; file: string }> {
  const dir = fixtureDir({
    "plan.yaml": `name: cass_schemas
sinkOptions: {seed: "4"}
dataSources:
  - name: cass
    connection: {type: cassandra, options: ${JSON.stringify(cassandraConnection())}}
    steps:
      - name: history
        options: {keyspace: ${t.ks}, table: ${t.history}}
        count: {records: 600}
      - name: accounts
        options: {keyspace: ${t.ks}, table: ${t.accounts}}
        count: {records: 200}
foreignKeys:
  - source: {dataSource: cass, step: accounts, fields: [account_id]}
    generate: [{dataSource: cass, step: history, fields: [account_id]}]
`,
  });
  const file = join(dir, "plan.yaml");
  const load = await loadPlanFile(file, { outputKinds: OUTPUT_KINDS, env: {} });
  assert.deepEqual(
    load.diagnostics.filter((d) => d.severity === "error"),
    [],
  );
  return { plan: load.plan!, file };
}

test("CQL types read back as rowforge types: scalars by the reverse table, collections element by element, the rest not generated", () => {
  assert.deepEqual(readCqlType("text"), { type: "string" });
  assert.deepEqual(readCqlType("uuid"), { type: "string", uuid: true });
  assert.deepEqual(readCqlType("decimal"), { type: "decimal(38,10)" });
  assert.deepEqual(readCqlType("set<text>"), { type: "array<string>" });
  assert.deepEqual(readCqlType("map<text, int>"), { type: "map<string,int>" });
  assert.deepEqual(readCqlType("frozen<list<frozen<map<text, bigint>>>>"), {
    type: "array<map<string,long>>",
  });
  for (const t of [
    "timeuuid",
    "counter",
    "inet",
    "duration",
    "time",
    "list<uuid>",
    "tuple<int, text>",
    "frozen<address>",
  ])
    assert.equal(readCqlType(t), undefined, t);
});

test("Cassandra steps without fields are generated from their tables: every row stored (keys unique), the plan's foreign key holds over read columns, validate prints what it read", async () => {
  const t = await createTables();
  const { plan, file } = await planOf(t);
  const read = await readSchemas(plan);
  const accounts = read.steps.find((s) => s.step === "accounts")!;
  assert.deepEqual(accounts.omitted.map((o) => o.column).sort(), ["place", "tid"]);
  const fields = new Map(
    read.plan.steps.find((s) => s.step.name === "accounts")!.step.fields.map((f) => [f.name, f]),
  );
  assert.deepEqual(Object.fromEntries([...fields].map(([n, f]) => [n, f.type])), {
    account_id: "string",
    active: "boolean",
    attrs: "map<string,int>",
    balance: "decimal(38,10)",
    big: "long",
    code: "string",
    count: "int",
    n: "long",
    name: "string",
    nested: "array<map<string,long>>",
    opened: "date",
    photo: "binary",
    ratio: "float",
    score: "double",
    scores: "array<double>",
    seen: "timestamp",
    small: "short",
    tags: "array<string>",
    tiny: "byte",
    uid: "string",
  });
  assert.equal(fields.get("account_id")?.options.isPrimaryKey, true);
  assert.equal(fields.get("account_id")?.options.isUnique, true);
  assert.equal(fields.get("uid")?.options.sql, "uuid()");
  const history = read.steps.find((s) => s.step === "history")!;
  assert.deepEqual(history.table.primaryKey, ["account_id", "day", "ts", "seq"]);

  const r = await runPlan(plan, {
    runId: "cass-schemas",
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
  });
  assert.equal(r.success, true, r.failedReason ?? "");
  assert.deepEqual(
    r.steps.map((s) => [s.name, s.records]),
    [
      ["accounts", 200],
      ["history", 600],
    ],
  );
  const ids = new Set(
    (await cqlQuery(`SELECT account_id FROM ${t.ks}.${t.accounts}`)).map((x) => String(x.account_id)),
  );
  assert.equal(ids.size, 200, "every account stored: the key was generated unique");
  const uids = await cqlQuery(`SELECT uid, tags, nested FROM ${t.ks}.${t.accounts}`);
  assert.ok(
    uids.every((x) => /^[0-9a-f-]{36}$/.test(String(x.uid))),
    "uuid columns get UUIDs",
  );
  const rows = await cqlQuery(`SELECT account_id FROM ${t.ks}.${t.history}`);
  assert.equal(rows.length, 600, "every history row stored under its own key");
  assert.ok(
    rows.every((x) => ids.has(String(x.account_id))),
    "the foreign key holds",
  );

  const v = runCli(["validate", file]);
  assert.equal(v.status, 0, v.stdout + v.stderr);
  assert.match(
    v.stdout,
    new RegExp(`step accounts: cassandra table ${t.ks}\\.${t.accounts} on [^ ]+, read from the database`),
  );
  assert.match(v.stdout, /account_id[\s│]+text[\s│]+not null, primary key 1[\s│]+string \(isUnique: true\)/);
  assert.match(v.stdout, /seq[\s│]+int[\s│]+not null, primary key 4[\s│]+int/);
  assert.match(v.stdout, /tid[\s│]+timeuuid[\s│]+not generated: type timeuuid is not generated/);
  assert.match(v.stdout, /attrs[\s│]+map<text, int>[\s│]+map<string,int>/);
});
