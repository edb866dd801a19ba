import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { deletePlanData } from "../../src/app/runs/delete-plan-data.ts";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import { openStore, type Store } from "../../src/store/index.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { generateRecorded } from "../support/recorded-run.ts";
import {
  columnValues,
  countRows,
  loadPlanYaml,
  SQL_DATABASES,
  type SqlDatabase,
  tableSpace,
} from "../support/sql-databases.ts";

/**
 * Delete mode against the real PostgreSQL and MariaDB servers of the test run: customers and
 * their orders, the orders table holding a real FOREIGN KEY to customers (so deleting parents
 * before children would fail), with rows that were there before the runs and rows written by
 * someone else after them. Only the generated rows go, children first, counted exactly.
 */
const space = tableSpace("dd");

/** A fresh customers/orders pair with a real foreign key, and one row of someone else's in each. */
async function freshTables(db: SqlDatabase): Promise<{ customers: string; orders: string }> {
  const customers = space.table(db, "customers");
  const orders = space.table(db, "orders");
  await db.query(`CREATE TABLE ${customers} (id varchar(20) PRIMARY KEY, name varchar(200))${db.engine}`);
  await db.query(
    `CREATE TABLE ${orders} (order_id varchar(40) PRIMARY KEY, customer_id varchar(20) NOT NULL, amount decimal(10,2), FOREIGN KEY (customer_id) REFERENCES ${customers} (id))${db.engine}`,
  );
  await db.query(`INSERT INTO ${customers} VALUES ('X-BEFORE', 'there before')`);
  await db.query(`INSERT INTO ${orders} VALUES ('XO-BEFORE', 'X-BEFORE', 1.50)`);
  return { customers, orders };
}

/** The unified plan: 300 customers (id marked isPrimaryKey, the table's primary key too) and 700 orders (keyed by the table's primary key). */
async function planOf(
  db: SqlDatabase,
  t: { customers: string; orders: string },
  customerRegex = "C[0-9]{9}",
): Promise<ResolvedPlan> {
  return loadPlanYaml(`name: dd_plan
sinkOptions: {seed: "11"}
dataSources:
  - name: db
    connection: {type: ${db.type}, options: ${db.connection()}}
    steps:
      - name: customers
        options: {dbtable: ${t.customers}}
        count: {records: 300}
        fields:
          - {name: id, options: {regex: "${customerRegex}", isPrimaryKey: true}}
          - {name: name, options: {expression: "#{Name.firstName}"}}
      - name: orders
        options: {dbtable: ${t.orders}}
        count: {records: 700}
        fields:
          - {name: order_id, options: {uuidPattern: true}}
          - {name: customer_id}
          - {name: amount, type: "decimal(10,2)", options: {min: 1, max: 100}}
foreignKeys:
  - source: {dataSource: db, step: customers, fields: [id]}
    generate: [{dataSource: db, step: orders, fields: [customer_id]}]
`);
}

let store: Store;

before(async () => {
  store = await openStore(fixtureDir({}));
  await space.create();
});

after(async () => {
  await store?.close();
  // Children (orders) before their parents.
  await space.drop((t) => t.includes("orders"));
});

for (const db of SQL_DATABASES) {
  test(`${db.name}: delete removes exactly the generated rows, children before parents; rows there before and written after stay; a second delete removes 0 and says so`, async () => {
    const t = await freshTables(db);
    const plan = await planOf(db, t);
    await generateRecorded(plan, store);
    await db.query(`INSERT INTO ${t.customers} VALUES ('X-AFTER', 'written after')`);
    await db.query(`INSERT INTO ${t.orders} VALUES ('XO-AFTER', 'X-BEFORE', 2.50)`);
    assert.equal(await countRows(db, t.customers), 302);
    assert.equal(await countRows(db, t.orders), 702);

    const history = { executions: store.executions };
    const d = await deletePlanData(plan, { access: OPEN_ACCESS, history });
    assert.equal(d.success, true, d.failedReason ?? "");
    assert.deepEqual(
      d.steps.map((s) => [s.name, s.records]),
      [
        ["orders", 700],
        ["customers", 300],
      ],
      "children first (the foreign key would refuse the parents otherwise), counts exact",
    );
    assert.match(d.steps[0]!.outputs[0]!, /primary key order_id/);
    assert.match(d.steps[1]!.outputs[0]!, /primary key id/);
    assert.deepEqual(await columnValues(db, t.customers, "id"), ["X-AFTER", "X-BEFORE"]);
    assert.deepEqual(await columnValues(db, t.orders, "order_id"), ["XO-AFTER", "XO-BEFORE"]);

    const again = await deletePlanData(plan, { access: OPEN_ACCESS, history });
    assert.equal(again.success, true, again.failedReason ?? "");
    assert.deepEqual(
      again.steps.map((s) => s.records),
      [0, 0],
    );
    for (const s of again.steps) assert.match(s.skipped ?? "", /nothing to delete: .*deleted already/);
    assert.equal(await countRows(db, t.customers), 2);
  });

  test(`${db.name}: two runs with different seeds, then one delete removes the rows of both`, async () => {
    const t = await freshTables(db);
    const plan = await planOf(db, t);
    await generateRecorded(plan, store, "21");
    await generateRecorded(plan, store, "22");
    assert.equal(await countRows(db, t.customers), 601);
    const d = await deletePlanData(plan, { access: OPEN_ACCESS, history: { executions: store.executions } });
    assert.equal(d.success, true, d.failedReason ?? "");
    assert.deepEqual(
      d.steps.map((s) => s.records),
      [1400, 600],
    );
    assert.deepEqual(await columnValues(db, t.customers, "id"), ["X-BEFORE"]);
    assert.deepEqual(await columnValues(db, t.orders, "order_id"), ["XO-BEFORE"]);
  });

  test(`${db.name}: a run whose rows cannot be regenerated (plan changed, other generator version) or no history refuses, deleting nothing`, async () => {
    const t = await freshTables(db);
    const plan = await planOf(db, t);
    await generateRecorded(plan, store);
    const changed = await planOf(db, t, "D[0-9]{9}");
    const d = await deletePlanData(changed, {
      access: OPEN_ACCESS,
      history: { executions: store.executions },
    });
    assert.equal(d.success, false);
    assert.equal(d.steps[0]!.errorCode, "RF_DELETE_NOT_RECOMPUTABLE");
    assert.match(d.failedReason ?? "", /step "orders".*cannot be regenerated: .*changed since/);

    const none = await deletePlanData(plan, { access: OPEN_ACCESS });
    assert.equal(none.success, false);
    assert.equal(none.steps[0]!.errorCode, "RF_DELETE_HISTORY_MISSING");
    assert.match(none.failedReason ?? "", /--home/);

    // The run as an older generator version would have recorded it.
    const [record] = (await store.executions.list()).filter((r) => r.planName === "dd_plan");
    const details = record!.details as { recompute: { generatorVersion: number } };
    await store.executions.put({
      ...record!,
      details: { ...details, recompute: { ...details.recompute, generatorVersion: 1 } },
    });
    const old = await deletePlanData(plan, {
      access: OPEN_ACCESS,
      history: { executions: store.executions },
    });
    assert.equal(old.success, false);
    assert.match(old.failedReason ?? "", /generator version 1 and this rowforge generates version \d+/);
    assert.equal(await countRows(db, t.customers), 301, "nothing was deleted");
    assert.equal(await countRows(db, t.orders), 701);
    // Put back as recorded: the rows go.
    await store.executions.put(record!);
    const ok = await deletePlanData(plan, { access: OPEN_ACCESS, history: { executions: store.executions } });
    assert.equal(ok.success, true, ok.failedReason ?? "");
    assert.equal(await countRows(db, t.orders), 1);
  });
}

for (const db of SQL_DATABASES) {
  test(`${db.name}: with saveMode overwrite only the newest run's rows are there: they go, and the runs it replaced are done with too`, async () => {
    const table = space.table(db, "overwritten");
    await db.query(`CREATE TABLE ${table} (id varchar(20) PRIMARY KEY, name varchar(200))${db.engine}`);
    const plan = await loadPlanYaml(`name: dd_overwrite
dataSources:
  - name: db
    connection: {type: ${db.type}, options: ${db.connection()}}
    steps:
      - name: people
        options: {dbtable: ${table}, saveMode: overwrite}
        count: {records: 250}
        fields:
          - {name: id, options: {regex: "P[0-9]{9}", isUnique: true}}
          - {name: name, options: {expression: "#{Name.firstName}"}}
`);
    await generateRecorded(plan, store, "31");
    await generateRecorded(plan, store, "32");
    await db.query(`INSERT INTO ${table} VALUES ('X-AFTER', 'written after')`);
    const history = { executions: store.executions };
    const d = await deletePlanData(plan, { access: OPEN_ACCESS, history });
    assert.equal(d.success, true, d.failedReason ?? "");
    assert.equal(d.steps[0]?.records, 250);
    assert.deepEqual(await columnValues(db, table, "id"), ["X-AFTER"]);
    const again = await deletePlanData(plan, { access: OPEN_ACCESS, history });
    assert.equal(again.steps[0]?.records, 0);
    assert.match(again.steps[0]?.skipped ?? "", /the rows of the 2 run\(s\) .* were deleted already/);
  });
}
