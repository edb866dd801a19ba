import assert from "node:assert/strict";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { freshMysqlTable, mariadbFacts, mariadbJdbcUrl, mysqlQuery } from "../support/servers.ts";

async function runInto(
  dbtable: string,
  saveMode: string,
  fields = "      - {name: id, type: long, options: {sql: '__index_inc'}}\n",
) {
  const f = mariadbFacts();
  const plan = await planFrom(
    "name: modes\ntasks:\n  - name: t\n    dataSourceName: maria\nsinkOptions: {seed: 1}\n",
    {
      t: `name: t\nsteps:\n  - name: s\n    options: {dbtable: ${dbtable}, saveMode: ${saveMode}}\n    count: {records: 50}\n    fields:\n${fields}`,
    },
    {
      "application.conf": `mysql {\n  maria {\n    url = "${mariadbJdbcUrl(f)}"\n    user = "${f.user}"\n    password = "${f.password}"\n  }\n}\n`,
    },
  );
  return runPlan(plan, {
    access: OPEN_ACCESS,
    runId: `modes-${saveMode}`,
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
  });
}

const count = async (table: string) =>
  Number((await mysqlQuery<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))[0]?.n);

test("saveMode on a MariaDB table holding rows: append adds, overwrite empties it first, ignore skips, errorIfExists refuses; on an empty table all write", async () => {
  const table = freshMysqlTable();
  await mysqlQuery(`CREATE TABLE ${table} (id bigint, note text DEFAULT 'n')`);
  for (const mode of ["errorIfExists", "ignore"]) {
    const empty = freshMysqlTable();
    await mysqlQuery(`CREATE TABLE ${empty} (id bigint)`);
    const r = await runInto(empty, mode);
    assert.equal(r.success, true, `${mode} on an empty table: ${r.failedReason ?? ""}`);
    assert.equal(await count(empty), 50);
  }
  assert.equal((await runInto(table, "append")).success, true);
  assert.equal((await runInto(table, "append")).success, true);
  assert.equal(await count(table), 100);
  assert.equal((await runInto(table, "overwrite")).success, true);
  assert.equal(await count(table), 50);
  const ignored = await runInto(table, "ignore");
  assert.equal(ignored.success, true);
  assert.equal(ignored.steps[0]?.records, 0, "ignore skipped the step");
  assert.equal(await count(table), 50);
  const refused = await runInto(table, "errorIfExists");
  assert.equal(refused.success, false);
  assert.match(
    refused.failedReason ?? "",
    /RF_OUTPUT_EXISTS|already holds rows and saveMode is errorIfExists/,
  );
  assert.equal(await count(table), 50);
});

test("overwrite and a refused row: the emptying is rolled back with the rows, the table keeps what it held", async () => {
  const table = freshMysqlTable();
  await mysqlQuery(`CREATE TABLE ${table} (id bigint, code varchar(3))`);
  await mysqlQuery(`INSERT INTO ${table} VALUES (1, 'old'), (2, 'old')`);
  const r = await runInto(
    table,
    "overwrite",
    "      - {name: id, type: long, options: {sql: '__index_inc'}}\n      - {name: code, options: {sql: \"CASE WHEN id = 40 THEN 'TOOLONG' ELSE 'AB' END\"}}\n",
  );
  assert.equal(r.success, false);
  assert.match(r.failedReason ?? "", /refused the rows at row 40, column code/);
  assert.deepEqual(
    (await mysqlQuery<{ code: string }>(`SELECT code FROM ${table} ORDER BY id`)).map((x) => x.code),
    ["old", "old"],
  );
});

test("a field without a column is refused before anything is written, naming the nearest column", async () => {
  const table = freshMysqlTable();
  await mysqlQuery(`CREATE TABLE ${table} (id bigint, account_name text)`);
  await assert.rejects(
    runInto(
      table,
      "append",
      "      - {name: id, type: long, options: {sql: '__index_inc'}}\n      - {name: acount_name}\n",
    ),
    (e: unknown) => {
      assert.equal((e as { code?: string }).code, "RF_DB_COLUMN_NOT_FOUND");
      assert.match(
        (e as Error).message,
        /field "acount_name" has no column in table \w+\.rf_\d+_\d+ \(columns: id, account_name\); did you mean "account_name"\?/,
      );
      return true;
    },
  );
  assert.equal(await count(table), 0);
});
