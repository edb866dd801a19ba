import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";
import { pgQuery, postgresFacts, postgresJdbcUrl } from "../support/servers.ts";
import { startServe } from "../support/start-serve.ts";

/**
 * `rowforge run plan.yaml` then `rowforge run plan.yaml --mode delete`, as a new user types
 * them: runs are recorded in ~/.rowforge by default, so the delete finds them; `--no-history`
 * records nothing; a home a running server holds never fails a run: the run's record waits in
 * its journal and joins the history at the server's next delete, or the next run on the home.
 */
const TABLE = `public.rf_default_home_${process.pid}`;

before(async () => {
  await pgQuery(`CREATE TABLE ${TABLE} (id varchar(20) PRIMARY KEY, name text)`);
  await pgQuery(`INSERT INTO ${TABLE} VALUES ('OLD-1', 'there before')`);
});

after(async () => {
  await pgQuery(`DROP TABLE IF EXISTS ${TABLE}`);
});

const count = async () => Number((await pgQuery(`SELECT count(*) AS n FROM ${TABLE}`))[0]!.n);

function project(): string {
  return fixtureDir({
    "plan.yaml": `name: default_home
dataSources:
  - name: db
    connection: {type: postgres, options: {url: "${postgresJdbcUrl()}", user: "${postgresFacts().user}"}}
    steps:
      - name: people
        options: {dbtable: ${TABLE}}
        count: {records: 500}
        fields:
          - {name: id, options: {regex: "ID[0-9]{8}", isUnique: true}}
          - {name: name, options: {expression: "#{Name.firstName}"}}
`,
  });
}

const runIdOf = (stdout: string): string => /run ([0-9a-f-]{36})/.exec(stdout)![1]!;

test("rowforge run then rowforge run --mode delete just works: runs are recorded in ~/.rowforge by default; --no-history records nothing", async () => {
  const dir = project();
  // A user's HOME with no ~/.rowforge yet, and no ROWFORGE_HOME.
  const env = { HOME: join(dir, "user"), ROWFORGE_HOME: "" };
  const first = runCli(["run", "plan.yaml", "--seed", "1", "--quiet"], { cwd: dir, env });
  assert.equal(first.status, 0, first.stderr);
  assert.equal(first.stderr, "", "a recorded run says nothing more");
  assert.ok(existsSync(join(dir, "user", ".rowforge", "store")), "the history is in ~/.rowforge");
  const unrecorded = runCli(["run", "plan.yaml", "--seed", "2", "--no-history", "--quiet"], {
    cwd: dir,
    env,
  });
  assert.equal(unrecorded.status, 0, unrecorded.stderr);
  assert.equal(await count(), 1001);

  const d = runCli(["run", "plan.yaml", "--mode", "delete", "--quiet"], { cwd: dir, env });
  assert.equal(d.status, 0, d.stderr);
  assert.match(d.stdout, /done: plan default_home, 500 records deleted/);
  assert.equal(await count(), 501, "the recorded run's rows are gone; the unrecorded run's stay");
  const history = runCli(["history"], { cwd: dir, env });
  assert.equal(history.status, 0, history.stderr);
  assert.ok(history.stdout.includes(runIdOf(first.stdout)));
  assert.ok(!history.stdout.includes(runIdOf(unrecorded.stdout)), "--no-history leaves no entry");
  await pgQuery(`DELETE FROM ${TABLE} WHERE id <> 'OLD-1'`);
});

test("a run on a home a running server holds succeeds, and joins the history at the server's next delete or the next run on the home", async () => {
  const dir = project();
  const home = join(dir, "home");
  const server = await startServe(["--home", home, "--data-dir", dir]);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    server.child.kill("SIGTERM");
    await server.exited;
  };
  try {
    const first = runCli(["run", "plan.yaml", "--home", home, "--seed", "1", "--quiet"], { cwd: dir });
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stderr, /another rowforge process \(a server\) holds the history of .*added to it/);
    assert.equal(await count(), 501);
    // The server lists it at once.
    const listed = (await (await fetch(`${server.url}/run/history`)).json()) as { id: string }[];
    assert.ok(
      listed.some((h) => h.id === runIdOf(first.stdout)),
      JSON.stringify(listed),
    );

    // Any delete the server makes first takes in the runs that ended beside it.
    const r = await fetch(`${server.url}/run/delete-data`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        plan: { name: "other", tasks: [{ name: "t", dataSourceName: "d", enabled: true }] },
        tasks: [{ name: "t", type: "json", options: { path: join(dir, "out") }, count: { records: 1 } }],
      }),
    });
    assert.equal(r.status, 200, await r.clone().text());
    const { executionId } = (await r.json()) as { executionId: string };
    for (let i = 0; i < 600; i++) {
      const st = (await (await fetch(`${server.url}/run/status/${executionId}`)).json()) as {
        status: string;
      };
      if (st.status === "success" || st.status === "failed") break;
      await new Promise((res) => setTimeout(res, 100));
    }
    const history = (await (await fetch(`${server.url}/run/history`)).json()) as {
      id: string;
      runBy: string;
    }[];
    assert.ok(
      history.some((h) => h.id === runIdOf(first.stdout) && h.runBy === "cli"),
      JSON.stringify(history),
    );

    const second = runCli(["run", "plan.yaml", "--home", home, "--seed", "2", "--quiet"], { cwd: dir });
    assert.equal(second.status, 0, second.stderr);
    assert.equal(await count(), 1001);
    await stop();

    // The server gone, the next command on the home records the second run, and the delete finds both.
    const d = runCli(["run", "plan.yaml", "--mode", "delete", "--home", home, "--quiet"], { cwd: dir });
    assert.equal(d.status, 0, d.stderr);
    assert.match(d.stdout, /1,000 records deleted/);
    assert.equal(await count(), 1);
  } finally {
    await stop();
  }
});
