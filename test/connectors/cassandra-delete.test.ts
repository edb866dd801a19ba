import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { OUTPUT_KINDS } from "../../src/app/output-kinds.ts";
import { deletePlanData } from "../../src/app/runs/delete-plan-data.ts";
import { loadPlanHistory } from "../../src/app/runs/plan-history.ts";
import { loadPlanFile } from "../../src/config/index.ts";
import { cassandraConnector } from "../../src/connectors/cassandra/cassandra-connector.ts";
import { isRowforgeError } from "../../src/errors/index.ts";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import { stepIdOf } from "../../src/model/step-id.ts";
import { openStore, type Store } from "../../src/store/index.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { generateRecorded } from "../support/recorded-run.ts";
import { cassandraConnection, cqlQuery, freshCassandraTable } from "../support/servers.ts";

/**
 * Delete mode against the test run's Cassandra node: a table keyed by a partition key and a
 * clustering column, rows there before the runs (one in a partition the runs also write) and
 * a row written after them. Only the generated rows go, matched by the full primary key.
 */
const FIELDS = `          - {name: customer_id, options: {regex: "C[0-9]{2}"}}
          - {name: event_id, options: {regex: "E[0-9]{9}", isUnique: true}}
          - {name: amount, type: double, options: {min: 1, max: 100}}
`;

async function planOf(table: string, fields = FIELDS, saveMode = "append"): Promise<ResolvedPlan> {
  const c = cassandraConnection();
  const dir = fixtureDir({
    "plan.yaml": `name: cd_plan_${table}
sinkOptions: {seed: "11"}
dataSources:
  - name: cass
    connection: {type: cassandra, options: ${JSON.stringify(c)}}
    steps:
      - name: events
        options: {keyspace: rf_test, table: ${table}, saveMode: ${saveMode}}
        count: {records: 400}
        fields:
${fields}`,
  });
  const load = await loadPlanFile(join(dir, "plan.yaml"), { outputKinds: OUTPUT_KINDS, env: {} });
  assert.deepEqual(
    load.diagnostics.filter((d) => d.severity === "error"),
    [],
  );
  return load.plan!;
}

async function freshTable(): Promise<string> {
  const [ks, table] = await freshCassandraTable();
  await cqlQuery(
    `CREATE TABLE ${ks}.${table} (customer_id text, event_id text, amount double, PRIMARY KEY ((customer_id), event_id))`,
  );
  // Someone else's rows: one in a partition the runs write too (C01), one in a partition of its own.
  await cqlQuery(
    `INSERT INTO ${ks}.${table} (customer_id, event_id, amount) VALUES ('C01', 'X-BEFORE', 1.5)`,
  );
  await cqlQuery(`INSERT INTO ${ks}.${table} (customer_id, event_id, amount) VALUES ('XX', 'X-BEFORE', 1.5)`);
  return table;
}

const keysOf = async (table: string): Promise<string[]> =>
  (await cqlQuery(`SELECT customer_id, event_id FROM rf_test.${table}`))
    .map((r) => `${r.customer_id}/${r.event_id}`)
    .sort();

let store: Store;
before(async () => {
  store = await openStore(fixtureDir({}));
});
after(async () => {
  await store?.close();
});

test("Cassandra: delete removes exactly the rows of two recorded runs by the full primary key; rows there before (same partition too) and written after stay; a second delete removes 0", async () => {
  const table = await freshTable();
  const plan = await planOf(table);
  await generateRecorded(plan, store, "21");
  await generateRecorded(plan, store, "22");
  await cqlQuery(
    `INSERT INTO rf_test.${table} (customer_id, event_id, amount) VALUES ('C02', 'X-AFTER', 2.5)`,
  );
  const before = (await keysOf(table)).length;
  assert.ok(before > 700, `${before} rows`);

  const history = { executions: store.executions };
  const d = await deletePlanData(plan, { access: OPEN_ACCESS, history });
  assert.equal(d.success, true, d.failedReason ?? "");
  assert.equal(d.steps[0]?.records, before - 3, "the count is the generated rows that were there");
  assert.match(d.steps[0]!.outputs[0]!, /primary key customer_id, event_id/);
  assert.deepEqual(await keysOf(table), ["C01/X-BEFORE", "C02/X-AFTER", "XX/X-BEFORE"]);

  const again = await deletePlanData(plan, { access: OPEN_ACCESS, history });
  assert.equal(again.success, true, again.failedReason ?? "");
  assert.equal(again.steps[0]?.records, 0);
  assert.match(
    again.steps[0]?.skipped ?? "",
    /nothing to delete: the rows of the 2 run\(s\) .*deleted already/,
  );
  assert.equal((await keysOf(table)).length, 3);
});

test("Cassandra: the same keys written twice (one seed, two runs) are counted once", async () => {
  const table = await freshTable();
  const plan = await planOf(table);
  await generateRecorded(plan, store);
  await generateRecorded(plan, store);
  const before = (await keysOf(table)).length;
  const d = await deletePlanData(plan, { access: OPEN_ACCESS, history: { executions: store.executions } });
  assert.equal(d.success, true, d.failedReason ?? "");
  assert.equal(d.steps[0]?.records, before - 2);
  assert.deepEqual(await keysOf(table), ["C01/X-BEFORE", "XX/X-BEFORE"]);
});

test("Cassandra: a step that no longer declares a key column: through a plan the schema stage adds it back (new values: the run cannot be regenerated); the connector given such a step refuses with a coded error; nothing is deleted", async () => {
  const table = await freshTable();
  await generateRecorded(await planOf(table), store);
  const before = (await keysOf(table)).length;
  const withoutEventId = FIELDS.split("\n")
    .filter((l) => !l.includes("event_id"))
    .join("\n");
  const changed = await planOf(table, withoutEventId);
  const history = { executions: store.executions };
  const d = await deletePlanData(changed, { access: OPEN_ACCESS, history });
  assert.equal(d.success, false);
  assert.equal(d.steps[0]?.errorCode, "RF_DELETE_NOT_RECOMPUTABLE");

  // Without the schema stage (the connector on its own), the missing key column is named.
  const step = changed.steps[0]!;
  const runs = await loadPlanHistory(changed, history);
  await assert.rejects(
    cassandraConnector.deleteGenerated(step, changed.plan.name, runs.forStep(stepIdOf(step)), OPEN_ACCESS),
    (e: unknown) =>
      isRowforgeError(e) &&
      e.code === "RF_DELETE_KEY_NOT_GENERATED" &&
      /step "events": .*rf_test\.rf_\d+_\d+ on .* by its primary key \(customer_id, event_id\), and the step does not generate event_id/.test(
        e.message,
      ),
  );
  assert.equal((await keysOf(table)).length, before);
});

test("Cassandra: with saveMode overwrite only the newest run's rows are deleted (the table was truncated before it)", async () => {
  const table = await freshTable();
  const plan = await planOf(table, FIELDS, "overwrite");
  await generateRecorded(plan, store, "31");
  await generateRecorded(plan, store, "32");
  await cqlQuery(
    `INSERT INTO rf_test.${table} (customer_id, event_id, amount) VALUES ('C02', 'X-AFTER', 2.5)`,
  );
  const before = (await keysOf(table)).length;
  const d = await deletePlanData(plan, { access: OPEN_ACCESS, history: { executions: store.executions } });
  assert.equal(d.success, true, d.failedReason ?? "");
  assert.equal(d.steps[0]?.records, before - 1);
  assert.deepEqual(await keysOf(table), ["C02/X-AFTER"]);
});

test("Cassandra: only rows still holding exactly what a run wrote go: a generated row whose amount someone changed since, or in which someone set a column the step does not generate, stays; a generated row someone removed is not counted; the summary says how many were not found", async () => {
  const [ks, table] = await freshCassandraTable();
  await cqlQuery(
    `CREATE TABLE ${ks}.${table} (customer_id text, event_id text, amount double, note text, PRIMARY KEY ((customer_id), event_id))`,
  );
  const fields = `          - {name: customer_id, options: {regex: "C[0-9]{2}"}}
          - {name: event_id, options: {regex: "E[0-9]{9}", isUnique: true}}
          - {name: amount, type: double, options: {min: 1, max: 100, enableNull: true, nullProb: 0.5}}
`;
  const plan = await planOf(table, fields);
  await generateRecorded(plan, store);
  const rows = await cqlQuery(`SELECT customer_id, event_id, amount FROM ${ks}.${table}`);
  assert.equal(rows.length, 400);
  const where = (r: (typeof rows)[number]) =>
    `customer_id = '${r.customer_id}' AND event_id = '${r.event_id}'`;
  const valued = rows.filter((r) => r.amount !== null);
  const nulls = rows.filter((r) => r.amount === null);
  assert.ok(valued.length > 2 && nulls.length > 0);
  await cqlQuery(
    `UPDATE ${ks}.${table} SET amount = ${Number(valued[0]!.amount) + 1} WHERE ${where(valued[0]!)}`,
  );
  await cqlQuery(`UPDATE ${ks}.${table} SET note = 'mine' WHERE ${where(valued[1]!)}`);
  // A removed row whose generated values (but its key) are all null: a conditional delete of it would "apply".
  await cqlQuery(`DELETE FROM ${ks}.${table} WHERE ${where(nulls[0]!)}`);

  const d = await deletePlanData(plan, { access: OPEN_ACCESS, history: { executions: store.executions } });
  assert.equal(d.success, true, d.failedReason ?? "");
  assert.equal(d.steps[0]?.records, 397, "exactly the rows deleted");
  assert.match(
    d.steps[0]!.outputs[0]!,
    /primary key customer_id, event_id; 3 of the 400 rows written not found/,
  );
  const left = (await cqlQuery(`SELECT customer_id, event_id FROM ${ks}.${table}`))
    .map((r) => `${r.customer_id}/${r.event_id}`)
    .sort();
  assert.deepEqual(left, [valued[0]!, valued[1]!].map((r) => `${r.customer_id}/${r.event_id}`).sort());
});

test("Cassandra: a step that generates only the key of a table with other columns: its rows go while those columns are empty; one someone filled stays, one someone removed is not counted", async () => {
  const [ks, table] = await freshCassandraTable();
  await cqlQuery(
    `CREATE TABLE ${ks}.${table} (customer_id text, event_id text, note text, PRIMARY KEY ((customer_id), event_id))`,
  );
  const fields = `          - {name: customer_id, options: {regex: "C[0-9]{2}"}}
          - {name: event_id, options: {regex: "E[0-9]{9}", isUnique: true}}
`;
  const plan = await planOf(table, fields);
  await generateRecorded(plan, store);
  const rows = await cqlQuery(`SELECT customer_id, event_id FROM ${ks}.${table}`);
  assert.equal(rows.length, 400);
  const where = (r: (typeof rows)[number]) =>
    `customer_id = '${r.customer_id}' AND event_id = '${r.event_id}'`;
  await cqlQuery(`UPDATE ${ks}.${table} SET note = 'mine' WHERE ${where(rows[0]!)}`);
  await cqlQuery(`DELETE FROM ${ks}.${table} WHERE ${where(rows[1]!)}`);

  const d = await deletePlanData(plan, { access: OPEN_ACCESS, history: { executions: store.executions } });
  assert.equal(d.success, true, d.failedReason ?? "");
  assert.equal(d.steps[0]?.records, 398);
  assert.match(d.steps[0]!.outputs[0]!, /2 of the 400 rows written not found/);
  const left = await cqlQuery(`SELECT customer_id, event_id, note FROM ${ks}.${table}`);
  assert.deepEqual(
    left.map((r) => [r.customer_id, r.event_id, r.note]),
    [[rows[0]!.customer_id, rows[0]!.event_id, "mine"]],
  );
});
