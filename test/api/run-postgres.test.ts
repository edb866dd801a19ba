import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { freePort } from "../support/script-process.ts";
import { pgQuery, postgresFacts } from "../support/servers.ts";
import { apiRuntime } from "./api-fixture.ts";

const ROLE = `rf_api_${process.pid}`;
const PASSWORD = `api-pw-${process.pid}-${Date.now().toString(36)}`;
const TABLE = `api_${process.pid}.people`;

before(async () => {
  await pgQuery(`CREATE ROLE ${ROLE} LOGIN PASSWORD '${PASSWORD}'`);
  await pgQuery(`CREATE SCHEMA api_${process.pid} AUTHORIZATION ${ROLE}`);
});

after(async () => {
  await pgQuery(`DROP SCHEMA IF EXISTS api_${process.pid} CASCADE`);
  await pgQuery(`DROP ROLE IF EXISTS ${ROLE}`);
});

const request = (dataSourceName: string) => ({
  plan: { name: "api_pg", tasks: [{ name: "t", dataSourceName, enabled: true }] },
  tasks: [
    {
      name: "t",
      type: "postgres",
      options: { dbtable: TABLE, createTable: "true" },
      count: { records: 750 },
      fields: [
        { name: "id", type: "long", options: { sql: "__index_inc" } },
        { name: "name", options: { expression: "#{Name.firstName}" } },
      ],
    },
  ],
});

test("POST /run with a saved postgres connection writes the table; a connection to a server that is down fails the run with a coded reason naming host:port and the service keeps serving", async () => {
  const { app, runs, close } = await apiRuntime();
  const f = postgresFacts();
  const down = await freePort();
  try {
    const save = await app.inject({
      method: "POST",
      url: "/connection",
      payload: {
        connections: [
          {
            name: "saved_pg",
            type: "postgres",
            groupType: "database",
            options: {
              url: `jdbc:postgresql://${f.host}:${f.port}/${f.database}`,
              user: ROLE,
              password: PASSWORD,
            },
          },
          {
            name: "down_pg",
            type: "postgres",
            groupType: "database",
            options: {
              url: `jdbc:postgresql://127.0.0.1:${down}/${f.database}`,
              user: ROLE,
              password: PASSWORD,
            },
          },
        ],
      },
    });
    assert.equal(save.statusCode, 200, save.body);

    const ok = await app.inject({ method: "POST", url: "/run", payload: request("saved_pg") });
    assert.equal(ok.statusCode, 200, ok.body);
    const okId = (ok.json() as { executionId: string }).executionId;
    await runs.idle();
    const okStatus = (await app.inject({ url: `/run/status/${okId}` })).json() as {
      status: string;
      failedReason: string | null;
    };
    assert.equal(okStatus.status, "success", okStatus.failedReason ?? "");
    const [count] = await pgQuery<{ n: string; ids: string }>(
      `SELECT count(*)::text AS n, count(DISTINCT id)::text AS ids FROM ${TABLE}`,
    );
    assert.deepEqual(count, { n: "750", ids: "750" });

    const bad = await app.inject({ method: "POST", url: "/run", payload: request("down_pg") });
    const badId = (bad.json() as { executionId?: string }).executionId;
    let reason = bad.body;
    if (bad.statusCode === 200 && badId) {
      await runs.idle();
      const st = (await app.inject({ url: `/run/status/${badId}` })).json() as {
        status: string;
        failedReason: string | null;
      };
      assert.equal(st.status, "failed");
      reason = st.failedReason ?? "";
    }
    assert.match(reason, new RegExp(`cannot reach PostgreSQL at 127\\.0\\.0\\.1:${down}`));
    assert.ok(!reason.includes(PASSWORD));
    const history = await app.inject({ url: "/run/history" });
    assert.equal(history.statusCode, 200, "the service still answers");
    assert.ok(!history.body.includes(PASSWORD), "no password in the history");
  } finally {
    await close();
  }
});
