import assert from "node:assert/strict";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { freshTableName, pgQuery, postgresFacts, postgresJdbcUrl } from "../support/servers.ts";

async function runInto(
  dbtable: string,
  saveMode: string,
  fields = "      - {name: id, type: long, options: {sql: '__index_inc'}}\n",
) {
  const plan = await planFrom(
    "name: modes\ntasks:\n  - name: t\n    dataSourceName: pg\nsinkOptions: {seed: 1}\n",
    {
      t: `name: t\nsteps:\n  - name: s\n    options: {dbtable: ${dbtable}, saveMode: ${saveMode}}\n    count: {records: 50}\n    fields:\n${fields}`,
    },
    {
      "application.conf": `postgres {\n  pg {\n    url = "${postgresJdbcUrl()}"\n    user = "${postgresFacts().user}"\n  }\n}\n`,
    },
  );
  return runPlan(plan, {
    access: OPEN_ACCESS,
    runId: `modes-${saveMode}`,
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
  });
}

const count = async (dbtable: string) =>
  (await pgQuery<{ n: string }>(`SELECT count(*)::text AS n FROM ${dbtable}`))[0]?.n;

test("saveMode on a table holding rows: append adds, overwrite truncates, ignore skips, errorIfExists refuses; on an empty table all write", async () => {
  const dbtable = freshTableName();
  await pgQuery(`CREATE TABLE ${dbtable} (id bigint, note text DEFAULT 'n')`);
  for (const mode of ["errorIfExists", "ignore"]) {
    const empty = freshTableName();
    await pgQuery(`CREATE TABLE ${empty} (id bigint)`);
    const r = await runInto(empty, mode);
    assert.equal(r.success, true, `${mode} on an empty table: ${r.failedReason ?? ""}`);
    assert.equal(await count(empty), "50");
  }
  assert.equal((await runInto(dbtable, "append")).success, true);
  assert.equal((await runInto(dbtable, "append")).success, true);
  assert.equal(await count(dbtable), "100");
  assert.equal((await runInto(dbtable, "overwrite")).success, true);
  assert.equal(await count(dbtable), "50");
  const ignored = await runInto(dbtable, "ignore");
  assert.equal(ignored.success, true);
  assert.equal(ignored.steps[0]?.records, 0, "ignore skipped the step");
  assert.equal(await count(dbtable), "50");
  const refused = await runInto(dbtable, "errorIfExists");
  assert.equal(refused.success, false);
  assert.match(
    refused.failedReason ?? "",
    /RF_OUTPUT_EXISTS|already holds rows and saveMode is errorIfExists/,
  );
  assert.equal(await count(dbtable), "50");
});

test("a field without a column is refused before anything is written, naming the nearest column", async () => {
  const dbtable = freshTableName();
  await pgQuery(`CREATE TABLE ${dbtable} (id bigint, account_name text)`);
  // The run's preflight (checkTarget) refuses it: the run does not start.
  await assert.rejects(
    runInto(
      dbtable,
      "append",
      "      - {name: id, type: long, options: {sql: '__index_inc'}}\n      - {name: acount_name}\n",
    ),
    (e: unknown) => {
      assert.equal((e as { code?: string }).code, "RF_DB_COLUMN_NOT_FOUND");
      assert.match(
        (e as Error).message,
        /field "acount_name" has no column in table public\.rf_\d+_\d+ \(columns: id, account_name\); did you mean "account_name"\?/,
      );
      return true;
    },
  );
  assert.equal(await count(dbtable), "0");
});
