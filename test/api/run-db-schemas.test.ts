import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { pgQuery, postgresFacts } from "../support/servers.ts";
import { apiRuntime } from "./api-fixture.ts";

const SCHEMA = `api_schemas_${process.pid}`;

before(async () => {
  await pgQuery(`CREATE SCHEMA ${SCHEMA}`);
  await pgQuery(`CREATE TABLE ${SCHEMA}.teams (team_id integer PRIMARY KEY, title varchar(30) NOT NULL)`);
  await pgQuery(
    `CREATE TABLE ${SCHEMA}.members (member_id bigint PRIMARY KEY, team_id integer NOT NULL REFERENCES ${SCHEMA}.teams, joined date NOT NULL)`,
  );
});

after(async () => {
  await pgQuery(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
});

/** A plan whose two steps name tables and give no fields; members come first in the request. */
const request = () => {
  return {
    plan: {
      name: "api_from_db",
      tasks: [
        { name: "members", dataSourceName: "pg_db", enabled: true },
        { name: "teams", dataSourceName: "pg_db", enabled: true },
      ],
    },
    tasks: [
      {
        name: "members",
        type: "postgres",
        options: { dbtable: `${SCHEMA}.members` },
        count: { records: 200 },
      },
      { name: "teams", type: "postgres", options: { dbtable: `${SCHEMA}.teams` }, count: { records: 20 } },
    ],
  };
};

test("over HTTP: a saved plan whose steps have no fields is checked with its tables' columns, and its run writes rows the database accepts", async () => {
  const { app, runs, close } = await apiRuntime();
  const f = postgresFacts();
  try {
    const save = await app.inject({
      method: "POST",
      url: "/connection",
      payload: {
        connections: [
          {
            name: "pg_db",
            type: "postgres",
            groupType: "database",
            options: { url: `jdbc:postgresql://${f.host}:${f.port}/${f.database}`, user: f.user },
          },
        ],
      },
    });
    assert.equal(save.statusCode, 200, save.body);
    const { plan, tasks } = request();
    const saved = await app.inject({ method: "POST", url: "/plan", payload: { plan, tasks } });
    assert.equal(saved.statusCode, 200, saved.body);
    const ran = await app.inject({ method: "POST", url: "/run/plans/api_from_db" });
    assert.equal(ran.statusCode, 200, ran.body);
    await runs.idle();
    const history = (await app.inject({ url: "/run/history" })).json() as {
      status: string;
      failedReason: string | null;
      generationSummary: { name: string; records: number }[];
    }[];
    const last = history[0]!;
    assert.equal(last.status, "success", last.failedReason ?? "");
    assert.deepEqual(
      last.generationSummary.map((s) => [s.name, s.records]),
      [
        ["teams", 20],
        ["members", 200],
      ],
      "the parent table first",
    );
    const [counts] = await pgQuery<{ t: string; m: string; orphans: string }>(
      `SELECT (SELECT count(*) FROM ${SCHEMA}.teams)::text AS t, (SELECT count(*) FROM ${SCHEMA}.members)::text AS m,
              (SELECT count(*) FROM ${SCHEMA}.members m LEFT JOIN ${SCHEMA}.teams t USING (team_id) WHERE t.team_id IS NULL)::text AS orphans`,
    );
    assert.deepEqual(counts, { t: "20", m: "200", orphans: "0" });
  } finally {
    await close();
  }
});
