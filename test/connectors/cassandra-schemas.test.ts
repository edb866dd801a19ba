import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { OUTPUT_KINDS } from "../../src/app/output-kinds.ts";
import { deletePlanData } from "../../src/app/runs/delete-plan-data.ts";
import { recordOf } from "../../src/app/runs/record-run.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { readSchemas } from "../../src/app/schemas/read-schemas.ts";
import { loadPlanFile } from "../../src/config/index.ts";
import { cassandraConnector } from "../../src/connectors/cassandra/cassandra-connector.ts";
import { readCqlType } from "../../src/connectors/cassandra/cassandra-describe.ts";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import { openStore } from "../../src/store/index.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
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
  const read = await readSchemas(plan, { access: OPEN_ACCESS });
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
    access: OPEN_ACCESS,
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

  // Delete mode works on the read fields too: the rows go by each table's full primary key.
  const store = await openStore(fixtureDir({}));
  try {
    const ts = new Date().toISOString();
    await store.executions.put(recordOf(r, "generate", ts, ts));
    const d = await deletePlanData(plan, { access: OPEN_ACCESS, history: { executions: store.executions } });
    assert.equal(d.success, true, d.failedReason ?? "");
    assert.deepEqual(
      d.steps.map((s) => [s.name, s.records]),
      [
        ["history", 600],
        ["accounts", 200],
      ],
    );
    assert.match(d.steps[0]!.outputs[0]!, /primary key account_id, day, ts, seq/);
    assert.equal((await cqlQuery(`SELECT account_id FROM ${t.ks}.${t.history}`)).length, 0);
  } finally {
    await store.close();
  }

  const v = runCli(["validate", file]);
  assert.equal(v.status, 0, v.stdout + v.stderr);
  assert.match(
    v.stdout,
    new RegExp(`step accounts: cassandra table ${t.ks}\\.${t.accounts} on [^ ]+, read from the database`),
  );
  assert.match(
    v.stdout,
    /account_id[\s│]+text[\s│]+not null, primary key 1 \(partition key\)[\s│]+string \(isUnique: true\)/,
  );
  assert.match(v.stdout, /seq[\s│]+int[\s│]+not null, primary key 4 \(clustering\)[\s│]+int/);
  assert.match(v.stdout, /tid[\s│]+timeuuid[\s│]+not generated: type timeuuid is not generated/);
  assert.match(v.stdout, /attrs[\s│]+map<text, int>[\s│]+map<string,int>/);
});

test("a Cassandra table rowforge creates reads back as the types it was created from (decimals without their precision: CQL's decimal has none)", async () => {
  const [ks, table] = await freshCassandraTable();
  const fields = [
    "      - {name: id, type: long, options: {isPrimaryKey: true}}",
    "      - {name: at, type: timestamp, options: {clusteringPos: 1}}",
    ...[
      "string",
      "int",
      "short",
      "byte",
      "double",
      "float",
      "boolean",
      "date",
      "binary",
      "array<int>",
      "map<string,double>",
      "decimal(10,2)",
    ].map((type, k) => `      - {name: c${k}, type: "${type}"}`),
    "",
  ].join("\n");
  const p = await planFrom(
    "name: p\ntasks:\n  - name: t\n    dataSourceName: cass\n",
    {
      t: `name: t\nsteps:\n  - name: s\n    type: cassandra\n    options: {keyspace: ${ks}, table: ${table}, createTable: "true"}\n    count: {records: 10}\n    fields:\n${fields}`,
    },
    {
      "application.conf": `cassandra {\n  cass {\n${Object.entries(cassandraConnection())
        .map(([k, v]) => `    ${k} = ${JSON.stringify(v)}\n`)
        .join("")}  }\n}\n`,
    },
  );
  const r = await runPlan(p, {
    access: OPEN_ACCESS,
    runId: "cass-roundtrip",
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
  });
  assert.equal(r.success, true, r.failedReason ?? "");
  const d = await cassandraConnector.describe!(p.steps[0]!);
  assert.deepEqual(
    Object.fromEntries(d!.columns.map((c) => [c.name, c.type])),
    Object.fromEntries(
      p.steps[0]!.step.fields.map((f) => [f.name, f.type.startsWith("decimal") ? "decimal(38,10)" : f.type]),
    ),
  );
  assert.deepEqual(d!.primaryKey, ["id", "at"]);
  assert.deepEqual(
    d!.columns.filter((c) => !c.nullable).map((c) => c.name),
    ["id", "at"],
  );
});
