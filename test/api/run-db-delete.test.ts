import assert from "node:assert/strict";
import { after, test } from "node:test";
import {
  freshMysqlTable,
  mariadbFacts,
  mariadbJdbcUrl,
  mysqlQuery,
  pgQuery,
  postgresFacts,
  postgresJdbcUrl,
} from "../support/servers.ts";
import { type ApiRuntime, apiRuntime } from "./api-fixture.ts";

/**
 * `POST /run/delete-data` on database tables: the server's own run history says which runs
 * wrote which rows; the delete run's record counts the rows deleted per step.
 */
const MY_TABLE = freshMysqlTable();
const PG_TABLE = `public.rf_api_delete_${process.pid}`;

after(async () => {
  await mysqlQuery(`DROP TABLE IF EXISTS ${MY_TABLE}`);
  await pgQuery(`DROP TABLE IF EXISTS ${PG_TABLE}`);
});

const CASES = [
  {
    name: "MariaDB",
    connection: () => ({
      name: "api_maria",
      type: "mysql",
      groupType: "database",
      options: { url: mariadbJdbcUrl(), user: mariadbFacts().user, password: mariadbFacts().password },
    }),
    secret: () => mariadbFacts().password,
    type: "mysql",
    table: MY_TABLE,
    query: (sql: string) => mysqlQuery(sql),
  },
  {
    name: "PostgreSQL",
    connection: () => ({
      name: "api_pg",
      type: "postgres",
      groupType: "database",
      options: { url: postgresJdbcUrl(), user: postgresFacts().user },
    }),
    secret: () => undefined,
    type: "postgres",
    table: PG_TABLE,
    query: (sql: string) => pgQuery(sql),
  },
];

/** A run's record as the history holds it whole (GET /run/executions/{id} answers its status only). */
interface RunRecord {
  readonly id: string;
  readonly status: string;
  readonly failedReason: string | null;
  readonly generationSummary: { name: string; records: number; skipped?: string; errorCode?: string }[];
}

/** Starts a run (POST `url` with the request), waits for the runs to finish and answers its record. */
async function startRun(api: ApiRuntime, url: string, request: object): Promise<RunRecord> {
  const r = await api.app.inject({ method: "POST", url, payload: request });
  assert.equal(r.statusCode, 200, r.body);
  const id = (r.json() as { executionId: string }).executionId;
  await api.runs.idle();
  const all = (await api.app.inject({ url: "/run/history" })).json() as RunRecord[];
  return all.find((h) => h.id === id)!;
}

for (const c of CASES) {
  test(`${c.name}: POST /run twice, then POST /run/delete-data removes both runs' rows and only them; a second delete removes 0`, async () => {
    const api = await apiRuntime();
    const { app, close } = api;
    const connection = c.connection();
    const request = {
      plan: {
        name: `api_delete_${c.type}`,
        tasks: [{ name: "t", dataSourceName: connection.name, enabled: true }],
      },
      tasks: [
        {
          name: "t",
          type: c.type,
          options: { dbtable: c.table, createTable: "true" },
          count: { records: 400 },
          fields: [
            { name: "id", options: { regex: "K[0-9]{9}", isPrimaryKey: true } },
            { name: "name", options: { expression: "#{Name.firstName}" } },
          ],
        },
      ],
    };
    const start = async (url: string) => {
      const s = await startRun(api, url, request);
      assert.equal(s.status, "success", s.failedReason ?? "");
      return s;
    };
    try {
      const saved = await app.inject({
        method: "POST",
        url: "/connection",
        payload: { connections: [connection] },
      });
      assert.equal(saved.statusCode, 200, saved.body);
      // The plan has no seed: each run gets its own, recorded in the history.
      await start("/run");
      await start("/run");
      await c.query(`INSERT INTO ${c.table} (id, name) VALUES ('OTHER-1', 'not rowforge''s')`);
      const d = await start("/run/delete-data");
      assert.deepEqual(
        d.generationSummary.map((s) => [s.name, s.records]),
        [["t", 800]],
      );
      const left = await c.query(`SELECT id FROM ${c.table}`);
      assert.deepEqual(
        left.map((r) => r.id),
        ["OTHER-1"],
      );
      const again = await start("/run/delete-data");
      assert.equal(again.generationSummary[0]?.records, 0);
      assert.match(again.generationSummary[0]?.skipped ?? "", /deleted already/);
      const history = await app.inject({ url: "/run/history" });
      const secret = c.secret();
      if (secret) assert.ok(!history.body.includes(secret), "no password in the history");
    } finally {
      await close();
    }
  });
}

test("POST /run/delete-data on a table whose isPrimaryKey column others share: the generated rows go and theirs stay; a row told apart only by a column the step does not generate fails the delete run with RF_DELETE_AMBIGUOUS and deletes nothing", async () => {
  const table = freshMysqlTable();
  await mysqlQuery(`CREATE TABLE ${table} (id varchar(20), name text) ENGINE=InnoDB`);
  const api = await apiRuntime();
  const { app, close } = api;
  const connection = CASES[0]!.connection();
  const request = {
    plan: {
      name: "api_foreign_rows",
      tasks: [{ name: "t", dataSourceName: connection.name, enabled: true }],
    },
    tasks: [
      {
        name: "t",
        type: "mysql",
        options: { dbtable: table },
        count: { records: 5 },
        fields: [
          { name: "id", options: { regex: "K[0-9]{6}", isPrimaryKey: true } },
          { name: "name", options: { expression: "#{Name.firstName}" } },
        ],
      },
    ],
  };
  const start = (url: string) => startRun(api, url, request);
  try {
    const saved = await app.inject({
      method: "POST",
      url: "/connection",
      payload: { connections: [connection] },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal((await start("/run")).status, "success");
    await mysqlQuery(`INSERT INTO ${table} SELECT id, 'someone else' FROM ${table} ORDER BY id LIMIT 4`);
    const d = await start("/run/delete-data");
    assert.equal(d.status, "success", d.failedReason ?? "");
    assert.equal(d.generationSummary[0]?.records, 5);
    const left = await mysqlQuery(`SELECT name FROM ${table}`);
    assert.deepEqual(
      left.map((r) => r.name),
      ["someone else", "someone else", "someone else", "someone else"],
    );

    // A column the step does not generate now tells rows apart: rowforge's cannot be told from others'.
    await mysqlQuery(`DELETE FROM ${table}`);
    await mysqlQuery(`ALTER TABLE ${table} ADD COLUMN rid int AUTO_INCREMENT PRIMARY KEY`);
    assert.equal((await start("/run")).status, "success");
    await mysqlQuery(`INSERT INTO ${table} (id, name) SELECT id, name FROM ${table} ORDER BY rid LIMIT 1`);
    const refused = await start("/run/delete-data");
    assert.equal(refused.status, "failed");
    assert.equal(refused.generationSummary[0]?.errorCode, "RF_DELETE_AMBIGUOUS");
    assert.match(
      refused.failedReason ?? "",
      /only rid, which the step does not generate, can tell them apart/,
    );
    const count = await mysqlQuery(`SELECT count(*) AS n FROM ${table}`);
    assert.equal(Number(count[0]!.n), 6, "nothing deleted");
  } finally {
    await close();
    await mysqlQuery(`DROP TABLE IF EXISTS ${table}`);
  }
});
