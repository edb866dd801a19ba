// rowforge-test: alone (answers within milliseconds while runs work)
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import {
  alive,
  busyThreads,
  heavyRunRequest,
  serverPid,
  slowestAnswer,
  temporariesIn,
  waitUntil,
} from "../support/heavy-runs.ts";
import { runCli } from "../support/run-cli.ts";
import { freshTableName, pgQuery, postgresFacts, postgresJdbcUrl } from "../support/servers.ts";
import { type ServeProcess, startServe } from "../support/start-serve.ts";

interface Status {
  status: string;
  failedReason: string | null;
}

/**
 * The heavy fields build up to about 17 MB of strings in one row (their SHA-256 rounds): more
 * than the default budget lets one row build, so these servers allow it.
 */
const HEAVY_BUDGET = "budget { maxBytesPerRow = 67108864 }\n";

/** How long a client may wait for the server while a run goes on: far above a request's own time, far below a batch's. */
const RESPONSIVE_MS = 1_000;

function client(server: ServeProcess) {
  const post = (path: string, body?: unknown) =>
    fetch(server.url + path, {
      method: "POST",
      ...(body === undefined
        ? {}
        : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
  const status = async (id: string) =>
    (await (await fetch(`${server.url}/run/status/${id}`)).json()) as Status;
  const submit = async (body: unknown) => {
    const r = await post("/run", body);
    assert.equal(r.status, 200, await r.clone().text());
    return ((await r.json()) as { executionId: string }).executionId;
  };
  const running = (id: string) =>
    waitUntil(`run ${id} to start`, async () => {
      const st = await status(id);
      assert.ok(st.status === "queued" || st.status === "running", `run ${id} ended: ${st.failedReason}`);
      return st.status === "running" ? st : undefined;
    });
  const ended = (id: string, timeoutMs = 120_000) =>
    waitUntil(
      `run ${id} to end`,
      async () => {
        const st = await status(id);
        return st.status === "success" || st.status === "failed" ? st : undefined;
      },
      timeoutMs,
    );
  return { post, status, submit, running, ended };
}

/** The heavy runs of these tests: each batch is seconds of one thread's CPU. */
const VARIANTS = [
  // Rows so heavy that the first one, timed in the run's own thread, keeps that thread busy for seconds.
  { name: "busy_run_thread", records: 3, work: 1_000, inner: 1_000 },
  // 50 rows in one batch of very heavy rows: the smallest runs are no exception.
  { name: "tiny", records: 50, work: 80_000 },
  // Below the size at which a run used to be generated on the server's own thread.
  { name: "inline_sized", records: 19_999, work: 300 },
  // Large enough for a pool of worker threads.
  { name: "pooled", records: 60_000, work: 300 },
] as const;

test("no run holds the server: GET /connections answers within 1 s during heavy runs of every size and output; cancel answers within 1 s and stops the busy thread within 2 s", async () => {
  const dir = fixtureDir({ "application.conf": HEAVY_BUDGET });
  const home = join(dir, "home");
  const server = await startServe([
    "--home",
    home,
    "--data-dir",
    dir,
    "--config",
    join(dir, "application.conf"),
  ]);
  const pid = serverPid(home);
  const pg = postgresFacts();
  const table = freshTableName();
  try {
    const c = client(server);
    const cases = [
      ...VARIANTS.map((v) => ({
        ...v,
        step: { type: "json", options: { path: join(dir, "out", v.name) } },
        out: join(dir, "out", v.name) as string | undefined,
      })),
      {
        name: "postgres",
        records: 19_999,
        work: 300,
        step: { type: "postgres", options: { dbtable: table, createTable: "true" } },
        out: undefined,
        dataSourceName: "pg",
      },
    ];
    const saved = await c.post("/connection", {
      connections: [{ name: "pg", type: "postgres", options: { url: postgresJdbcUrl(pg), user: pg.user } }],
    });
    assert.equal(saved.status, 200, await saved.text());
    for (const v of cases) {
      const id = await c.submit(
        heavyRunRequest(
          v.name,
          v.records,
          v.work,
          v.step,
          "dataSourceName" in v ? v.dataSourceName : "d",
          "inner" in v ? v.inner : 1,
        ),
      );
      await c.running(id);
      if (v.out) await waitUntil(`${v.name} to open its output`, () => temporariesIn(v.out!)[0]);
      // Some thread of the server is busy generating (found by its CPU), while the server answers.
      const busy = await waitUntil(`${v.name}: a thread of the server to generate`, async () => {
        const found = await busyThreads(pid, 1_000, 0.05);
        return found.size > 0 ? found : undefined;
      });
      const slowest = await slowestAnswer(`${server.url}/connections`, 2_500);
      assert.ok(slowest < RESPONSIVE_MS, `${v.name}: GET /connections waited ${Math.round(slowest)} ms`);

      const t0 = performance.now();
      const cancel = await c.post(`/run/cancel/${id}`);
      const answeredMs = performance.now() - t0;
      assert.equal(cancel.status, 200, `${v.name}: ${await cancel.text()}`);
      assert.ok(answeredMs < 1_000, `${v.name}: cancel answered after ${Math.round(answeredMs)} ms`);
      const st = await c.ended(id, 2_000 - answeredMs);
      assert.deepEqual([st.status, st.failedReason], ["failed", "cancelled"], v.name);
      // The threads that were generating are stopped: ended, or no longer using CPU.
      const still = await busyThreads(pid, 1_000, 0.05);
      const burning = [...busy.keys()].filter((tid) => still.has(tid));
      assert.deepEqual(burning, [], `${v.name}: threads still busy after the cancel: ${burning}`);
      if (v.out) assert.deepEqual(existsSync(v.out) ? readdirSync(v.out) : [], [], `${v.name}: nothing left`);
    }
    const [found] = await pgQuery<{ exists: boolean }>(
      "SELECT count(*) > 0 AS exists FROM information_schema.tables WHERE table_schema || '.' || table_name = $1",
      [table],
    );
    if (found?.exists) {
      const [count] = await pgQuery<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`);
      assert.equal(count?.n, "0", "the cancelled PostgreSQL step left no row");
    }
    // The server goes on: a small run still succeeds.
    const small = await c.submit(
      heavyRunRequest("small", 10, 1, { type: "json", options: { path: join(dir, "out", "small") } }),
    );
    assert.equal((await c.ended(small)).status, "success");
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});

test("SIGTERM while a worker is busy ends the server within --grace; the run is recorded failed (shutdown) with what it wrote, nothing left", async () => {
  const dir = fixtureDir({ "application.conf": HEAVY_BUDGET });
  const home = join(dir, "home");
  const server = await startServe([
    "--home",
    home,
    "--data-dir",
    dir,
    "--config",
    join(dir, "application.conf"),
    "--grace",
    "3",
  ]);
  const pid = serverPid(home);
  const out = join(dir, "out", "busy");
  let id = "";
  try {
    const c = client(server);
    // Its first row keeps the run's own thread busy for seconds: the run cannot notice the shutdown.
    id = await c.submit(
      heavyRunRequest("busy", 3, 1_000, { type: "json", options: { path: out } }, "d", 1_000),
    );
    await c.running(id);
    await waitUntil("the run to open its output", () => temporariesIn(out)[0]);
    const t0 = performance.now();
    server.child.kill("SIGTERM");
    const code = await server.exited;
    const tookMs = performance.now() - t0;
    assert.equal(code, 0);
    await waitUntil("the server to be gone", () => (alive(pid) ? undefined : true), 5_000);
    // The grace period plus the moments a process takes to end.
    assert.ok(tookMs < 3_000 + 500, `the server ended ${Math.round(tookMs)} ms after SIGTERM (--grace 3)`);
  } finally {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
  }
  const history = runCli(["history", "--home", home, "--json"]);
  assert.equal(history.status, 0, history.stderr);
  const record = (
    JSON.parse(history.stdout) as {
      id: string;
      status: string;
      failedReason: string;
      generationSummary: { name: string; records: number; success: boolean }[];
    }[]
  ).find((r) => r.id === id);
  assert.deepEqual([record?.status, record?.failedReason], ["failed", "shutdown"]);
  assert.deepEqual(
    record?.generationSummary.map((s) => [s.name, s.records, s.success]),
    [["t", 0, false]],
    "the step it was writing is in the record, with nothing of it kept",
  );
  assert.deepEqual(existsSync(out) ? readdirSync(out) : [], [], "no temporary folder or lock left");
});

/** A plan of two steps: a small one that completes, then a heavy one still being written when the server dies. */
const twoSteps = (
  out: string,
  second: { readonly type: string; readonly options: Readonly<Record<string, string>> },
  dataSourceName: string,
) => ({
  plan: {
    name: "two_steps",
    tasks: [
      { name: "first", dataSourceName: "a", enabled: true },
      { name: "second", dataSourceName, enabled: true },
    ],
  },
  tasks: [
    {
      name: "first",
      type: "csv",
      options: { path: join(out, "first") },
      count: { records: 500 },
      fields: [{ name: "id", type: "long", options: { isUnique: true } }],
    },
    { ...heavyRunRequest("x", 19_999, 300, second).tasks[0]!, name: "second" },
  ],
});

/**
 * Kills a server (-9) while the second step of twoSteps is written, starts it again and checks
 * the run's record (failed, interrupted, its real time, its steps, its report) and that the run's
 * temporaries are gone; `written` says whether the second step's output is open (and is called
 * again after the restart to check nothing of it stayed).
 */
async function killMidRun(
  second: (dir: string) => { readonly type: string; readonly options: Readonly<Record<string, string>> },
  connections: readonly unknown[],
  written: (dir: string) => Promise<boolean>,
) {
  const dir = fixtureDir({ "application.conf": HEAVY_BUDGET });
  const home = join(dir, "home");
  const spill = join(dir, "spill");
  const out = join(dir, "out");
  const env = { ROWFORGE_SPILL_DIR: spill };
  const first = await startServe(
    ["--home", home, "--data-dir", dir, "--config", join(dir, "application.conf")],
    env,
  );
  const pid = serverPid(home);
  const c1 = client(first);
  if (connections.length > 0) assert.equal((await c1.post("/connection", { connections })).status, 200);
  const id = await c1.submit(twoSteps(out, second(dir), connections.length > 0 ? "pg" : "b"));
  const t0 = Date.now();
  await c1.running(id);
  await waitUntil("the second step to open its output", async () =>
    (await written(dir)) ? true : undefined,
  );
  await waitUntil("the second step to be generated", async () =>
    (await busyThreads(pid, 1_000, 0.05)).size > 0 ? true : undefined,
  );
  const ranMs = Date.now() - t0;
  first.child.kill("SIGKILL");
  await first.exited;
  await waitUntil("the server to follow its launcher", () => (alive(pid) ? undefined : true), 10_000);

  const again = await startServe(
    ["--home", home, "--data-dir", dir, "--config", join(dir, "application.conf")],
    env,
  );
  try {
    const record = (await (await fetch(`${again.url}/run/history?extended=true`)).json()) as {
      id: string;
      status: string;
      failedReason: string;
      timeTaken: string;
      generationSummary: { name: string; records: number; success: boolean; error?: string }[];
    }[];
    const r = record.find((x) => x.id === id)!;
    assert.deepEqual([r.status, r.failedReason], ["failed", "interrupted"]);
    const seconds = Number.parseFloat(r.timeTaken);
    assert.ok(
      seconds >= 1 && seconds <= ranMs / 1000 + 1,
      `timeTaken ${r.timeTaken}: about the ${ranMs} ms it ran before the kill`,
    );
    assert.deepEqual(
      r.generationSummary.map((s) => [s.name, s.records, s.success]),
      [
        ["first", 500, true],
        ["second", 0, false],
      ],
    );
    assert.match(
      r.generationSummary[1]!.error ?? "",
      /^interrupted: stopped at \d+ of 19999 rows; nothing of it kept$/,
    );
    const report = await fetch(`${again.url}/report/${id}/index.html`);
    assert.equal(report.status, 200, "the interrupted run has a report");
    assert.match(await report.text(), /interrupted/);
    // Its temporaries are gone (the output's temporary folder and lock, the run's spill folder); nothing of the step stayed.
    assert.equal(await written(dir), false);
    assert.deepEqual(existsSync(spill) ? readdirSync(spill) : [], []);
    // What the completed step wrote stays.
    assert.ok(readdirSync(join(out, "first")).includes("_SUCCESS"));
  } finally {
    again.child.kill("SIGTERM");
    await again.exited;
  }
}

test("kill -9 while a file step is written: the next start marks the run failed (interrupted) with its real time and what it wrote, writes its report and removes its temporaries", async () => {
  const second = (dir: string) => join(dir, "out", "second");
  const step = (dir: string) => ({ type: "json", options: { path: second(dir) } });
  await killMidRun(step, [], async (dir) => {
    return existsSync(second(dir)) && readdirSync(second(dir)).length > 0;
  });
});

test("kill -9 while a PostgreSQL step is written: the same record and report; none of the step's rows stayed", async () => {
  const pg = postgresFacts();
  const table = freshTableName();
  const connections = [
    { name: "pg", type: "postgres", options: { url: postgresJdbcUrl(pg), user: pg.user } },
  ];
  let opened = false;
  const step = () => ({ type: "postgres", options: { dbtable: table, createTable: "true" } });
  await killMidRun(step, connections, async () => {
    // The step's COPY is open (its table made in the step's transaction); its rows are never seen before it commits.
    const [found] = await pgQuery<{ n: string }>(
      "SELECT count(*)::text AS n FROM pg_stat_activity WHERE query LIKE 'COPY %' AND query LIKE $1",
      [`%${table.split(".")[1]}%`],
    );
    if (!opened) {
      opened = found?.n !== "0";
      return opened;
    }
    const [exists] = await pgQuery<{ e: boolean }>("SELECT to_regclass($1) IS NOT NULL AS e", [table]);
    if (!exists?.e) return false;
    const [count] = await pgQuery<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`);
    return count?.n !== "0";
  });
});

test("validations over read-back data and a delete that regenerates a table's rows run in run threads too: the server answers throughout, the delete reads and marks the history through it", async () => {
  const dir = fixtureDir({ "application.conf": HEAVY_BUDGET });
  const home = join(dir, "home");
  const server = await startServe(
    ["--home", home, "--data-dir", dir, "--config", join(dir, "application.conf")],
    { ROWFORGE_SPILL_DIR: join(dir, "spill") },
  );
  const pg = postgresFacts();
  const table = freshTableName();
  try {
    const c = client(server);
    /** The slowest GET /connections while run `id` goes on, and how it ended. */
    const whileRunning = async (id: string) => {
      let slowest = 0;
      for (;;) {
        slowest = Math.max(slowest, await slowestAnswer(`${server.url}/connections`, 200));
        const st = await c.status(id);
        if (st.status === "success" || st.status === "failed") return { slowest, st };
      }
    };
    const out = join(dir, "out", "people");
    const validated = await c.submit({
      plan: { name: "validated", tasks: [{ name: "people", dataSourceName: "files", enabled: true }] },
      tasks: [
        {
          name: "people",
          type: "json",
          options: { path: out },
          count: { records: 200_000 },
          fields: [
            { name: "id", type: "long", options: { sql: "__index_inc" } },
            { name: "age", type: "int", options: { min: 18, max: 90 } },
          ],
        },
      ],
      validation: [
        {
          name: "people_checks",
          dataSources: {
            files: [
              {
                options: { path: out },
                validations: [
                  { expr: "age BETWEEN 18 AND 90" },
                  { field: "id", validation: [{ type: "unique" }] },
                  { groupByFields: ["age"], aggType: "count", aggExpr: "count > 0" },
                ],
              },
            ],
          },
        },
      ],
    });
    const checked = await whileRunning(validated);
    assert.equal(checked.st.status, "success", checked.st.failedReason ?? "");
    assert.ok(
      checked.slowest < RESPONSIVE_MS,
      `validations: GET /connections waited ${Math.round(checked.slowest)} ms`,
    );
    const results = (await (await fetch(`${server.url}/report/${validated}/results.json`)).json()) as {
      validations: { success: boolean }[];
    };
    assert.deepEqual(
      results.validations.map((v) => v.success),
      [true, true, true],
    );
    assert.deepEqual(readdirSync(join(dir, "spill")), [], "the run's scratch folder is gone");

    const saved = await c.post("/connection", {
      connections: [{ name: "pg", type: "postgres", options: { url: postgresJdbcUrl(pg), user: pg.user } }],
    });
    assert.equal(saved.status, 200, await saved.text());
    const request = heavyRunRequest(
      "pg_rows",
      20_000,
      1,
      { type: "postgres", options: { dbtable: table, createTable: "true" } },
      "pg",
    );
    const written = await c.submit(request);
    assert.equal((await c.ended(written)).status, "success");
    const r = await c.post("/run/delete-data", request);
    assert.equal(r.status, 200, await r.clone().text());
    const deleting = ((await r.json()) as { executionId: string }).executionId;
    const deleted = await whileRunning(deleting);
    assert.equal(deleted.st.status, "success", deleted.st.failedReason ?? "");
    assert.ok(
      deleted.slowest < RESPONSIVE_MS,
      `delete: GET /connections waited ${Math.round(deleted.slowest)} ms`,
    );
    const [count] = await pgQuery<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`);
    assert.equal(count?.n, "0", "the delete removed the rows the run wrote");
    // The history says so: a second delete finds nothing left to remove.
    const again = await c.post("/run/delete-data", request);
    const second = await c.ended(((await again.json()) as { executionId: string }).executionId);
    assert.equal(second.status, "success", second.failedReason ?? "");
    const history = (await (await fetch(`${server.url}/run/history?extended=true`)).json()) as {
      id: string;
      generationSummary: { records: number }[];
    }[];
    assert.deepEqual(
      history.find((h) => h.id === deleting)?.generationSummary.map((s) => s.records),
      [20_000],
    );
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});
