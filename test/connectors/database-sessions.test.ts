import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import pg from "pg";
import { openAccess } from "../../src/access/index.ts";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { createRunManager } from "../../src/app/runs/run-manager.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { createRunThreads } from "../../src/app/runs/run-threads.ts";
import { main } from "../../src/cli/main.ts";
import type { StepReport } from "../../src/model/step-report.ts";
import { openStore } from "../../src/store/index.ts";
import { collectingIo } from "../support/collecting-io.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { pgQuery, postgresFacts } from "../support/servers.ts";

/** The CLI's access: these tests run plans as a local user does. */
const OPEN_ACCESS = openAccess(process.cwd());

/** Runs SQL in database `db` of the shared server (as its superuser). */
async function inDatabase(db: string, sql: string): Promise<void> {
  const f = postgresFacts();
  const client = new pg.Client({ host: f.host, port: f.port, user: f.user, database: db });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The sessions the server has seen for database `db` (pg_stat_database.sessions, counted by
 * the server at each login), once no session of it is open any more: a backend's counts are
 * in the statistics before it leaves numbackends.
 */
async function sessionsSeen(db: string): Promise<number> {
  for (;;) {
    const [row] = await pgQuery<{ sessions: string; numbackends: number }>(
      "SELECT sessions, numbackends FROM pg_stat_database WHERE datname = $1",
      [db],
    );
    if (row && row.numbackends === 0) return Number(row.sessions);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Runs `work` on a fresh database `db` of the shared server holding `tables` (id, name each), dropped after. */
async function withTables(db: string, tables: readonly string[], work: () => Promise<void>): Promise<void> {
  await pgQuery(`DROP DATABASE IF EXISTS ${db}`);
  await pgQuery(`CREATE DATABASE ${db}`);
  try {
    await inDatabase(
      db,
      tables.map((t) => `CREATE TABLE ${t} (id integer PRIMARY KEY, name text NOT NULL);`).join(" "),
    );
    await work();
  } finally {
    await pgQuery(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  }
}

test("a PostgreSQL step whose fields are read from its table is described, checked and written through one connection; two such steps use two", async () => {
  const db = `rf_sessions_${process.pid}`;
  await withTables(db, ["a", "b", "c"], async () => {
    const f = postgresFacts();
    /** A plan writing each named table with 20 rows, its fields read from the table. */
    const plan = (tables: readonly string[]) =>
      planFrom(
        "name: shop\ntasks:\n  - name: t\n    dataSourceName: pg\nsinkOptions: {seed: 5}\n",
        {
          t: `name: t\nsteps:\n${tables.map((t) => `  - name: ${t}\n    options: {dbtable: public.${t}}\n    count: {records: 20}\n`).join("")}`,
        },
        {
          "application.conf": `postgres {\n  pg {\n    url = "jdbc:postgresql://${f.host}:${f.port}/${db}"\n    user = "${f.user}"\n  }\n}\n`,
        },
      );
    /** The connections the server saw for one run writing `tables`. */
    const connections = async (tables: readonly string[], id: string): Promise<number> => {
      const before = await sessionsSeen(db);
      const r = await runPlan(await plan(tables), {
        access: OPEN_ACCESS,
        runId: id,
        nowMicros: TEST_NOW_MICROS,
        executor: () => createInlineExecutor(),
      });
      assert.equal(r.success, true, r.failedReason ?? "");
      assert.deepEqual(
        r.steps.map((s) => [s.name, s.records]),
        tables.map((t) => [t, 20]),
      );
      return (await sessionsSeen(db)) - before;
    };

    assert.equal(
      await connections(["a"], "sessions-one"),
      1,
      "read, checked and written through one connection",
    );
    // The first sink takes the connection the tables were read and checked through; the second connects.
    assert.equal(await connections(["b", "c"], "sessions-two"), 2);
  });
});

test("rowforge run checks and writes a PostgreSQL table through one connection: its pre-run check reads and checks the table through the connection the run keeps, and the sink takes it", async () => {
  const db = `rf_sessions_cli_${process.pid}`;
  await withTables(db, ["a", "b"], async () => {
    const f = postgresFacts();
    const dir = fixtureDir({});
    /** The connections the server saw for one `rowforge run` of a plan writing `table`, its fields given or read. */
    const connections = async (table: string, fields: string): Promise<number> => {
      const file = join(dir, `${table}.yaml`);
      writeFileSync(
        file,
        `name: shop\nsinkOptions: {seed: 5}\ndataSources:\n  - name: pg\n    connection: {type: postgres, options: {url: "jdbc:postgresql://${f.host}:${f.port}/${db}", user: ${f.user}}}\n    steps:\n      - name: ${table}\n        options: {dbtable: public.${table}}\n        count: {records: 20}\n${fields}`,
      );
      const said: string[] = [];
      const before = await sessionsSeen(db);
      const exit = await main(
        ["node", "rowforge", "run", file, "--no-history", "-q", "--now", "2026-11-01T00:00:00Z"],
        collectingIo(dir, said),
      );
      assert.equal(exit, 0, said.join(""));
      assert.match(said.join(""), / 20 records written/);
      return (await sessionsSeen(db)) - before;
    };
    // Before, the check read the table through a connection of its own and checked it through another: three.
    assert.equal(
      await connections("a", ""),
      1,
      "fields read from the table: read, checked and written through one connection",
    );
    assert.equal(
      await connections("b", "        fields: [{name: id, type: integer}, {name: name}]\n"),
      1,
      "fields given: checked and written through one connection",
    );
  });
});

test("a run submitted to the server logs in twice to a PostgreSQL table whose fields it reads: once to check it at submission (read and checked through one connection), once in its run thread to write it", async () => {
  const db = `rf_sessions_thread_${process.pid}`;
  const home = fixtureDir({});
  const store = await openStore(home);
  const host = createRunThreads({ threads: 1, workers: 0 });
  await withTables(db, ["a"], async () => {
    const f = postgresFacts();
    const plan = await planFrom(
      "name: shop\ntasks:\n  - name: t\n    dataSourceName: pg\nsinkOptions: {seed: 5}\n",
      { t: "name: t\nsteps:\n  - name: a\n    options: {dbtable: public.a}\n    count: {records: 20}\n" },
      {
        "application.conf": `postgres {\n  pg {\n    url = "jdbc:postgresql://${f.host}:${f.port}/${db}"\n    user = "${f.user}"\n  }\n}\n`,
      },
    );
    const runs = createRunManager({ store, host, access: OPEN_ACCESS, reportsRoot: join(home, "reports") });
    const before = await sessionsSeen(db);
    const record = await runs.submit(plan, "generate", "test");
    await runs.idle();
    const ended = await store.executions.get(record.id);
    assert.equal(ended?.status, "success", ended?.failedReason ?? "");
    assert.deepEqual(
      (ended.generationSummary as StepReport[]).map((s) => [s.name, s.records]),
      [["a", 20]],
    );
    // Before, the check at submission read the table through a connection and checked it through another: three.
    assert.equal((await sessionsSeen(db)) - before, 2, "one login to check at submission, one for the run");
  }).finally(async () => {
    await host.close();
    await store.close();
  });
});
