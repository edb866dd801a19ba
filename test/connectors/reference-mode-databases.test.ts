import assert from "node:assert/strict";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { createSampleRunner } from "../../src/app/sample/sample-runner.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import {
  freshMysqlTable,
  freshTableName,
  mariadbFacts,
  mariadbJdbcUrl,
  mysqlQuery,
  pgQuery,
  postgresFacts,
  postgresJdbcUrl,
} from "../support/servers.ts";

/** A plan: the existing table `parent` (reference mode) and a generated `child` table with a foreign key to it. */
function databasePlan(
  kind: "postgres" | "mysql",
  conf: string,
  parent: string,
  child: string,
  fkFields = "[account_id]",
  childFields = "      - {name: id, type: long, options: {sql: '__index_inc'}}\n      - {name: account_id, type: int}\n      - {name: amount, type: double, options: {min: 1, max: 9}}\n",
) {
  return planFrom(
    `name: p
tasks:
  - {name: ref, dataSourceName: db}
  - {name: gen, dataSourceName: db}
sinkOptions:
  seed: "3"
  foreignKeys:
    - source: {dataSource: db, step: accounts, fields: ${fkFields}}
      generate: [{dataSource: db, step: transactions, fields: ${fkFields}, cardinality: {min: 0, max: 4}}]
`,
    {
      ref: `name: ref\nsteps:\n  - name: accounts\n    type: ${kind}\n    options: {dbtable: ${parent}, enableReferenceMode: "true"}\n`,
      gen: `name: gen\nsteps:\n  - name: transactions\n    type: ${kind}\n    options: {dbtable: ${child}}\n    fields:\n${childFields}`,
    },
    { "application.conf": conf },
  );
}

const pgConf = () =>
  `postgres {\n  db {\n    url = "${postgresJdbcUrl()}"\n    user = "${postgresFacts().user}"\n  }\n}\n`;

test("an existing PostgreSQL table is the parent of a generated table with a real FOREIGN KEY: every child row's key exists", async () => {
  const parent = freshTableName();
  const child = freshTableName();
  await pgQuery(`CREATE TABLE ${parent} (account_id int PRIMARY KEY, name text)`);
  await pgQuery(`INSERT INTO ${parent} SELECT g * 7, 'n' || g FROM generate_series(1, 200) AS g`);
  await pgQuery(
    `CREATE TABLE ${child} (id bigint PRIMARY KEY, account_id int NOT NULL REFERENCES ${parent} (account_id), amount double precision)`,
  );
  const plan = await databasePlan("postgres", pgConf(), parent, child);
  const r = await runPlan(plan, {
    access: OPEN_ACCESS,
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
  });
  assert.equal(r.success, true, r.failedReason ?? "");
  const written = r.steps.find((s) => s.name === "transactions")!.records;
  const [{ n, parents, orphans }] = (await pgQuery<{ n: string; parents: string; orphans: string }>(
    `SELECT count(*)::text AS n, count(DISTINCT c.account_id)::text AS parents,
            count(*) FILTER (WHERE p.account_id IS NULL)::text AS orphans
       FROM ${child} c LEFT JOIN ${parent} p ON p.account_id = c.account_id`,
  )) as [{ n: string; parents: string; orphans: string }];
  assert.equal(Number(n), written);
  assert.ok(written >= 200 && written <= 800, `${written} rows for 200 parents of 0..4 children`);
  assert.ok(Number(parents) > 100 && Number(parents) <= 200, `${parents} parents used`);
  assert.equal(orphans, "0");
  // The same seed writes the same rows again (the table's physical order does not matter).
  await pgQuery(`UPDATE ${parent} SET name = 'changed' WHERE account_id < 300`);
  const again = await databasePlan("postgres", pgConf(), parent, child.replace(/_(\d+)$/, "_$1b"));
  await pgQuery(`CREATE TABLE ${child}b (LIKE ${child})`);
  const r2 = await runPlan(again, {
    access: OPEN_ACCESS,
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
  });
  assert.equal(r2.success, true, r2.failedReason ?? "");
  const diff = await pgQuery<{ n: string }>(
    `SELECT count(*)::text AS n FROM ((TABLE ${child} EXCEPT TABLE ${child}b) UNION ALL (TABLE ${child}b EXCEPT TABLE ${child})) d`,
  );
  assert.equal(diff[0]!.n, "0");
});

test("a composite key of an existing PostgreSQL table with typed columns, sampled over the API's sample runner", async () => {
  const parent = freshTableName();
  const child = freshTableName();
  await pgQuery(`CREATE TABLE ${parent} (region text, opened date, PRIMARY KEY (region, opened))`);
  await pgQuery(
    `INSERT INTO ${parent} VALUES ('eu', '2024-01-02'), ('us', '2023-05-06'), ('eu', '2020-02-29'), ('apac', '1999-12-31')`,
  );
  await pgQuery(
    `CREATE TABLE ${child} (id bigint, region text, opened date, amount double precision, FOREIGN KEY (region, opened) REFERENCES ${parent} (region, opened))`,
  );
  const fields =
    "      - {name: id, type: long, options: {sql: '__index_inc'}}\n      - {name: region}\n      - {name: opened, type: date}\n      - {name: amount, type: double, options: {min: 1, max: 9}}\n";
  const plan = await databasePlan("postgres", pgConf(), parent, child, "[region, opened]", fields);
  const r = await runPlan(plan, {
    access: OPEN_ACCESS,
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
  });
  assert.equal(r.success, true, r.failedReason ?? "");
  const pairs = await pgQuery<{ k: string }>(
    `SELECT DISTINCT region || ' ' || opened::text AS k FROM ${child} ORDER BY 1`,
  );
  assert.ok(pairs.length > 0);
  const existing = ["apac 1999-12-31", "eu 2020-02-29", "eu 2024-01-02", "us 2023-05-06"];
  assert.ok(
    pairs.every((p) => existing.includes(p.k)),
    JSON.stringify(pairs),
  );
  const runner = createSampleRunner(OPEN_ACCESS);
  try {
    const s = await runner.run(
      plan,
      [plan.steps.find((x) => x.step.name === "transactions")!],
      { size: 6, fastMode: true, nowMicros: TEST_NOW_MICROS },
      { kind: "rows" },
    );
    const rows = (s.steps[0] as { rows: { region: string; opened: string }[] }).rows;
    assert.ok(rows.length > 0);
    assert.ok(
      rows.every((row) => existing.includes(`${row.region} ${row.opened}`)),
      JSON.stringify(rows),
    );
  } finally {
    await runner.close();
  }
});

test("an empty PostgreSQL table, a missing one and an unreachable server are coded errors naming the step and the source", async () => {
  const parent = freshTableName();
  const child = freshTableName();
  await pgQuery(`CREATE TABLE ${parent} (account_id int)`);
  await pgQuery(`INSERT INTO ${parent} VALUES (NULL)`);
  await pgQuery(`CREATE TABLE ${child} (id bigint, account_id int, amount double precision)`);
  const refused = async (conf: string, table: string, code: string, message: RegExp) =>
    assert.rejects(
      runPlan(await databasePlan("postgres", conf, table, child), {
        access: OPEN_ACCESS,
        nowMicros: TEST_NOW_MICROS,
        executor: () => createInlineExecutor(),
      }),
      (e: unknown) => {
        assert.equal((e as { code?: string }).code, code, String(e));
        assert.match((e as Error).message, message);
        assert.ok(!(e as Error).message.includes("hunter2"), "no password in the message");
        return true;
      },
    );
  await refused(
    pgConf(),
    parent,
    "RF_REFERENCE_EMPTY",
    new RegExp(
      `reference step "accounts".*found no rows with account_id set in postgres://.*${parent.replace(".", "\\.")}`,
    ),
  );
  await refused(
    pgConf(),
    `${parent}x`,
    "RF_DB_TABLE_NOT_FOUND",
    /step "accounts".*does not exist.*did you mean/,
  );
  const closed = `postgres {\n  db {\n    url = "jdbc:postgresql://127.0.0.1:1/nowhere"\n    user = "u"\n    password = "hunter2"\n  }\n}\n`;
  await refused(closed, parent, "RF_DB_UNREACHABLE", /cannot reach PostgreSQL at 127\.0\.0\.1:1/);
  assert.equal((await pgQuery<{ n: string }>(`SELECT count(*)::text AS n FROM ${child}`))[0]!.n, "0");
});

test("an existing MariaDB table is the parent of a generated InnoDB table with a FOREIGN KEY", async () => {
  const f = mariadbFacts();
  const conf = `mysql {\n  db {\n    url = "${mariadbJdbcUrl(f)}"\n    user = "${f.user}"\n    password = "${f.password}"\n  }\n}\n`;
  const parent = freshMysqlTable();
  const child = freshMysqlTable();
  await mysqlQuery(`CREATE TABLE ${parent} (account_id int PRIMARY KEY, name text) ENGINE=InnoDB`);
  await mysqlQuery(
    `INSERT INTO ${parent} VALUES ${Array.from({ length: 50 }, (_, i) => `(${(i + 1) * 3}, 'n')`).join(", ")}`,
  );
  await mysqlQuery(
    `CREATE TABLE ${child} (id bigint PRIMARY KEY, account_id int NOT NULL, amount double, FOREIGN KEY (account_id) REFERENCES ${parent} (account_id)) ENGINE=InnoDB`,
  );
  const r = await runPlan(await databasePlan("mysql", conf, parent, child), {
    access: OPEN_ACCESS,
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
  });
  assert.equal(r.success, true, r.failedReason ?? "");
  const [row] = await mysqlQuery<{ n: number; orphans: number }>(
    `SELECT COUNT(*) AS n, SUM(p.account_id IS NULL) AS orphans FROM ${child} c LEFT JOIN ${parent} p ON p.account_id = c.account_id`,
  );
  assert.equal(Number(row!.n), r.steps.find((s) => s.name === "transactions")!.records);
  assert.ok(Number(row!.n) >= 50);
  assert.equal(Number(row!.orphans), 0);
});
