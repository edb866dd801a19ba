import assert from "node:assert/strict";
import { createServer, type Socket } from "node:net";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { cassandraConnector } from "../../src/connectors/cassandra/cassandra-connector.ts";
import { isRowforgeError } from "../../src/errors/index.ts";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import {
  cassandraConnection,
  cassandraFacts,
  cassandraSecretLogin,
  cqlQuery,
  freshCassandraTable,
} from "../support/servers.ts";

/** A one-step plan writing to the shared node through an application.conf `cassandra` connection. */
function plan(
  options: Record<string, string>,
  fields: string,
  records = 500,
  connection: Record<string, string> = cassandraConnection(),
): Promise<ResolvedPlan> {
  return planFrom(
    "name: p\ntasks:\n  - name: t\n    dataSourceName: cass\nsinkOptions: {seed: 3}\n",
    {
      t: `name: t\nsteps:\n  - name: events\n    type: cassandra\n    options: ${JSON.stringify(options)}\n    count: {records: ${records}}\n    fields:\n${fields}`,
    },
    {
      "application.conf": `cassandra {\n  cass {\n${Object.entries(connection)
        .map(([k, v]) => `    ${k} = ${JSON.stringify(v)}\n`)
        .join("")}  }\n}\n`,
    },
  );
}

const run = (p: ResolvedPlan) =>
  runPlan(p, {
    access: OPEN_ACCESS,
    runId: "cass",
    nowMicros: TEST_NOW_MICROS,
    batchSize: 128,
    executor: () => createInlineExecutor(),
  });

const ID_FIELDS =
  "      - {name: id, type: long, options: {sql: '__index_inc', isPrimaryKey: true}}\n      - {name: name, options: {expression: '#{Name.firstName}'}}\n";

const count = async (ks: string, t: string) =>
  Number((await cqlQuery(`SELECT count(*) AS n FROM "${ks}"."${t}"`))[0]!.n);

test("createTable: partition key from isPrimaryKey/primaryKeyPos, clustering columns from clusteringPos, keyspace made when missing", async () => {
  const keyspace = `rf_made_${process.pid}`;
  const table = "events";
  const fields = [
    "      - {name: event_id, options: {regex: 'EVT[0-9]{8}', clusteringPos: 2}}",
    "      - {name: customer_id, options: {regex: 'CUST[0-9]{3}', isPrimaryKey: true, primaryKeyPos: 1}}",
    "      - {name: ts, type: timestamp, options: {clusteringPos: 1}}",
    "      - {name: day, type: date, options: {isPrimaryKey: true, primaryKeyPos: 2}}",
    "      - {name: amount, type: 'decimal(10,2)', options: {min: 1, max: 100}}",
    "",
  ].join("\n");
  const r = await run(await plan({ keyspace, table, createTable: "true" }, fields, 300));
  assert.equal(r.success, true, r.steps[0]?.error ?? "");
  assert.equal(r.steps[0]?.records, 300);
  assert.deepEqual(r.steps[0]?.outputs, [
    `cassandra://${cassandraFacts().host}:${cassandraFacts().port}/${keyspace}.${table}`,
  ]);
  const cols = await cqlQuery(
    "SELECT column_name, kind, position, clustering_order FROM system_schema.columns WHERE keyspace_name = ? AND table_name = ?",
    [keyspace, table],
  );
  const key = cols
    .filter((c) => c.kind !== "regular")
    .map((c) => `${c.kind}:${c.position}:${c.column_name}`)
    .sort();
  assert.deepEqual(key, [
    "clustering:0:ts",
    "clustering:1:event_id",
    "partition_key:0:customer_id",
    "partition_key:1:day",
  ]);
  assert.equal(await count(keyspace, table), 300);
  await cqlQuery(`DROP KEYSPACE "${keyspace}"`);
});

test("createTable with no key field is refused at check time, naming the option to set", async () => {
  const p = await plan(
    { keyspace: "rf_test", table: "nokey", createTable: "true" },
    "      - {name: a, type: int}\n",
  );
  assert.throws(
    () => cassandraConnector.check(p.steps[0]!),
    (e: unknown) =>
      isRowforgeError(e) &&
      e.code === "RF_KEY_MISSING" &&
      /createTable needs a primary key for Cassandra table rf_test\.nokey/.test(e.message) &&
      /isPrimaryKey: true/.test(e.hint ?? ""),
  );
});

test("save modes: append (Data Caterer's default) adds, overwrite truncates, errorIfExists refuses and ignore skips a table with rows", async () => {
  const [ks, t] = await freshCassandraTable();
  await cqlQuery(`CREATE TABLE "${ks}"."${t}" (id bigint PRIMARY KEY, name text)`);
  await cqlQuery(`INSERT INTO "${ks}"."${t}" (id, name) VALUES (999999, 'old')`);
  const append = await run(await plan({ keyspace: ks, table: t }, ID_FIELDS, 200));
  assert.equal(append.success, true, append.steps[0]?.error ?? "");
  assert.equal(await count(ks, t), 201);
  const refused = await run(await plan({ keyspace: ks, table: t, saveMode: "errorIfExists" }, ID_FIELDS, 10));
  assert.equal(refused.success, false);
  assert.equal(refused.steps[0]?.errorCode, "RF_OUTPUT_EXISTS");
  const ignored = await run(await plan({ keyspace: ks, table: t, saveMode: "ignore" }, ID_FIELDS, 10));
  assert.equal(ignored.success, true);
  assert.match(ignored.steps[0]?.skipped ?? "", /holds rows and saveMode is ignore/);
  assert.equal(await count(ks, t), 201);
  const over = await run(await plan({ keyspace: ks, table: t, saveMode: "overwrite" }, ID_FIELDS, 50));
  assert.equal(over.success, true, over.steps[0]?.error ?? "");
  assert.equal(await count(ks, t), 50);
  assert.equal((await cqlQuery(`SELECT id FROM "${ks}"."${t}" WHERE id = 999999`)).length, 0);
});

test("batchsize (UNLOGGED BATCH of consecutive rows) and concurrency options write every row once", async () => {
  const [ks, t] = await freshCassandraTable();
  const r = await run(
    await plan(
      { keyspace: ks, table: t, createTable: "true", batchsize: "7", concurrency: "3" },
      ID_FIELDS,
      1000,
    ),
  );
  assert.equal(r.success, true, r.steps[0]?.error ?? "");
  assert.equal(await count(ks, t), 1000);
});

test("a row Cassandra refuses midway fails the step naming table, row, column value, and the exact number of rows written (they stay)", async () => {
  const [ks, t] = await freshCassandraTable();
  const fields =
    "      - {name: id, type: long, options: {sql: 'CASE WHEN __index_inc = 700 THEN NULL ELSE __index_inc END', isPrimaryKey: true}}\n      - {name: name, options: {expression: '#{Name.firstName}'}}\n";
  const r = await run(await plan({ keyspace: ks, table: t, createTable: "true" }, fields, 2000));
  assert.equal(r.success, false);
  const step = r.steps[0]!;
  assert.equal(step.errorCode, "RF_DB_WRITE_FAILED");
  assert.match(
    step.error ?? "",
    new RegExp(`Cassandra table ${ks}\\.${t} on .* refused the rows at row 700 \\(id: null, name: "`),
  );
  const written = Number(
    /; (\d+) records of the step were written and stay in the table/.exec(step.error ?? "")?.[1],
  );
  // Batches of 128 rows: the one holding row 700 (640–767) is written but for that row, and no later one.
  assert.equal(written, 767);
  assert.equal(await count(ks, t), written);
});

test("a missing table is RF_DB_TABLE_NOT_FOUND with the nearest names; a field without a column is RF_DB_COLUMN_NOT_FOUND", async () => {
  const [ks, t] = await freshCassandraTable();
  await cqlQuery(`CREATE TABLE "${ks}"."${t}" (id bigint PRIMARY KEY, name text)`);
  const missing = await plan({ keyspace: ks, table: `${t}x` }, ID_FIELDS);
  await assert.rejects(
    cassandraConnector.checkTarget(missing.steps[0]!, OPEN_ACCESS),
    (e: unknown) =>
      isRowforgeError(e) &&
      e.code === "RF_DB_TABLE_NOT_FOUND" &&
      e.message.includes(`table ${ks}.${t}x does not exist`) &&
      e.message.includes(`did you mean "${ks}.${t}"`),
  );
  const noKeyspace = await plan({ keyspace: "rf_nope", table: t }, ID_FIELDS);
  await assert.rejects(
    cassandraConnector.checkTarget(noKeyspace.steps[0]!, OPEN_ACCESS),
    (e: unknown) =>
      isRowforgeError(e) && e.code === "RF_DB_TABLE_NOT_FOUND" && /keyspace rf_nope/.test(e.message),
  );
  const extra = await plan({ keyspace: ks, table: t }, `${ID_FIELDS}      - {name: nmae, type: int}\n`);
  await assert.rejects(
    cassandraConnector.checkTarget(extra.steps[0]!, OPEN_ACCESS),
    (e: unknown) =>
      isRowforgeError(e) &&
      e.code === "RF_DB_COLUMN_NOT_FOUND" &&
      /field "nmae" has no column/.test(e.message) &&
      /did you mean "name"/.test(e.message),
  );
});

test("a wrong password is RF_DB_AUTH_FAILED naming the user only; no user at all says what to add", async () => {
  const login = await cassandraSecretLogin();
  const f = cassandraFacts();
  const wrong = await plan({ keyspace: "rf_test", table: "x" }, ID_FIELDS, 1, {
    "spark.cassandra.connection.host": f.host,
    "spark.cassandra.connection.port": String(f.port),
    "spark.cassandra.auth.username": login.user,
    "spark.cassandra.auth.password": `${login.password}-wrong`,
  });
  await assert.rejects(cassandraConnector.checkTarget(wrong.steps[0]!, OPEN_ACCESS), (e: unknown) => {
    assert.ok(isRowforgeError(e));
    assert.equal(e.code, "RF_DB_AUTH_FAILED");
    assert.match(
      e.message,
      new RegExp(`connection "cass": Cassandra at ${f.host}:${f.port} refused user "${login.user}"`),
    );
    assert.ok(!e.message.includes(login.password));
    return true;
  });
  const anonymous = await plan({ keyspace: "rf_test", table: "x" }, ID_FIELDS, 1, {
    host: f.host,
    port: String(f.port),
  });
  await assert.rejects(
    cassandraConnector.checkTarget(anonymous.steps[0]!, OPEN_ACCESS),
    (e: unknown) => isRowforgeError(e) && e.code === "RF_DB_AUTH_FAILED" && /gives no user/.test(e.message),
  );
});

test("nothing listening, or a server that never answers: RF_DB_UNREACHABLE naming connection and host:port, within the connect timeout", async () => {
  const sockets: Socket[] = [];
  const silent = createServer((s) => sockets.push(s));
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  const { port } = silent.address() as { port: number };
  try {
    const t0 = performance.now();
    const hung = await plan({ keyspace: "k", table: "t", connectTimeout: "1" }, ID_FIELDS, 1, {
      host: "127.0.0.1",
      port: String(port),
      user: "u",
      password: "pw-never-shown",
    });
    await assert.rejects(cassandraConnector.checkTarget(hung.steps[0]!, OPEN_ACCESS), (e: unknown) => {
      assert.ok(isRowforgeError(e));
      assert.equal(e.code, "RF_DB_UNREACHABLE");
      assert.match(
        e.message,
        new RegExp(`connection "cass": cannot reach Cassandra at 127\\.0\\.0\\.1:${port}`),
      );
      assert.ok(!e.message.includes("pw-never-shown"));
      return true;
    });
    assert.ok(performance.now() - t0 < 5000, "fails within the timeout");
  } finally {
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent.close(r));
  }
  const refused = await plan({ keyspace: "k", table: "t" }, ID_FIELDS, 1, { host: "127.0.0.1", port: "1" });
  await assert.rejects(
    cassandraConnector.checkTarget(refused.steps[0]!, OPEN_ACCESS),
    (e: unknown) =>
      isRowforgeError(e) &&
      e.code === "RF_DB_UNREACHABLE" &&
      /127\.0\.0\.1:1 \(connection refused/.test(e.message),
  );
});

test("delete mode without a run history refuses with a coded error naming the table (it deletes by the runs' regenerated keys)", async () => {
  assert.equal(cassandraConnector.capabilities.delete, true);
  assert.equal(cassandraConnector.capabilities.deletesByHistory, true);
  const p = await plan({ keyspace: "ks", table: "t" }, ID_FIELDS, 1);
  await assert.rejects(
    cassandraConnector.deleteGenerated(p.steps[0]!, "p", undefined, OPEN_ACCESS),
    (e: unknown) => isRowforgeError(e) && e.code === "RF_DELETE_HISTORY_MISSING" && /ks\.t/.test(e.message),
  );
});

test("an existing table's columns of other types get converted values (as the Spark connector converts); a value that cannot convert names row, column and value", async () => {
  const [ks, t] = await freshCassandraTable();
  await cqlQuery(
    `CREATE TABLE "${ks}"."${t}" (id bigint PRIMARY KEY, n_text text, n_big bigint, day_ts timestamp, price decimal, small int, at_day date, code bigint)`,
  );
  const fields = [
    "      - {name: id, type: int, options: {sql: '__index_inc'}}",
    "      - {name: n_text, type: int, options: {sql: 'id * 2'}}",
    "      - {name: n_big, type: int, options: {sql: 'id + 1'}}",
    "      - {name: day_ts, type: date, options: {sql: \"DATE_ADD(DATE '2024-01-01', id)\"}}",
    "      - {name: price, type: double, options: {sql: 'id + 0.5'}}",
    "      - {name: small, type: long, options: {sql: 'id * 3'}}",
    "      - {name: at_day, type: timestamp, options: {sql: \"CAST(DATE_ADD(DATE '2024-03-01', id) AS TIMESTAMP) + INTERVAL 23 HOUR\"}}",
    "      - {name: code, options: {sql: \"CASE WHEN id = 42 THEN 'x42' ELSE CAST(id AS STRING) END\"}}",
    "",
  ].join("\n");
  const r = await run(await plan({ keyspace: ks, table: t }, fields, 40));
  assert.equal(r.success, true, r.steps[0]?.error ?? "");
  const [row] = await cqlQuery(`SELECT * FROM "${ks}"."${t}" WHERE id = 7`);
  assert.ok(row, "row 7 read back");
  assert.deepEqual(
    [
      row.n_text,
      String(row.n_big),
      (row.day_ts as Date).toISOString(),
      String(row.price),
      row.small,
      String(row.at_day),
      String(row.code),
    ],
    ["14", "8", "2024-01-08T00:00:00.000Z", "7.5", 21, "2024-03-08", "7"],
  );
  const failing = await run(await plan({ keyspace: ks, table: t, saveMode: "overwrite" }, fields, 100));
  assert.equal(failing.success, false);
  assert.equal(failing.steps[0]?.errorCode, "RF_DB_WRITE_FAILED");
  assert.match(
    failing.steps[0]?.error ?? "",
    /at row 42, column code, value "x42": the value does not fit the column's type/,
  );
});
