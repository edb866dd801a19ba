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
import { apiRuntime } from "./api-fixture.ts";

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

for (const c of CASES) {
  test(`${c.name}: POST /run twice, then POST /run/delete-data removes both runs' rows and only them; a second delete removes 0`, async () => {
    const { app, runs, close } = await apiRuntime();
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
    // The history holds each record whole (GET /run/executions/{id} answers its status only).
    const status = async (id: string) => {
      const all = (await app.inject({ url: "/run/history" })).json() as {
        id: string;
        status: string;
        failedReason: string | null;
        generationSummary: { name: string; records: number; skipped?: string }[];
      }[];
      return all.find((r) => r.id === id)!;
    };
    const start = async (url: string) => {
      const r = await app.inject({ method: "POST", url, payload: request });
      assert.equal(r.statusCode, 200, r.body);
      const id = (r.json() as { executionId: string }).executionId;
      await runs.idle();
      const s = await status(id);
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
