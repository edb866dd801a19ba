import assert from "node:assert/strict";
import { test } from "node:test";
import pg from "pg";
import { openAccess } from "../../src/access/index.ts";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
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

test("a PostgreSQL step whose fields are read from its table is described, checked and written through one connection; two such steps use two", async () => {
  const db = `rf_sessions_${process.pid}`;
  await pgQuery(`DROP DATABASE IF EXISTS ${db}`);
  await pgQuery(`CREATE DATABASE ${db}`);
  try {
    await inDatabase(
      db,
      ["a", "b", "c"].map((t) => `CREATE TABLE ${t} (id integer PRIMARY KEY, name text NOT NULL);`).join(" "),
    );
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
  } finally {
    await pgQuery(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  }
});
