import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";
import { startServe } from "../support/start-serve.ts";

// A row-time SQL error: the compiler accepts raise_error, which throws when a row reaches it.
// 60,000 rows in batches of 5,000 keep the worker pool busy with several batches in flight.
const FAILING_SQL = "CASE WHEN id > 50 THEN raise_error('boom at row time') ELSE 'ok' END";

const failingTask = (out: string, sql = FAILING_SQL) => `name: t
steps:
  - name: s
    type: json
    options: {path: ${JSON.stringify(out)}}
    count: {records: 60000}
    fields:
      - {name: id, type: int, options: {min: 1, max: 100}}
      - {name: flag, type: string, options: {sql: ${JSON.stringify(sql)}}}
`;

test("rowforge run: a row-time SQL error in a pooled run fails the run with its code and message (exit 1), leaving nothing behind", () => {
  const dir = fixtureDir({ "plan.yaml": "name: p\ntasks: [{name: t, dataSourceName: d}]\n" });
  const out = join(dir, "out", "s");
  mkdirSync(join(dir, "task"));
  writeFileSync(join(dir, "task", "t.yaml"), failingTask(out));
  const r = runCli(
    ["run", join(dir, "plan.yaml"), "--seed", "1", "--workers", "2", "--batch-size", "5000", "-q"],
    { timeoutMs: 120_000 },
  );
  assert.equal(r.status, 1, r.stderr);
  assert.match(
    r.stderr,
    /error RF_RUN_FAILED: step "s", field "flag": raise_error\(\): boom at row time \[RF_VALUE_INVALID\]/,
  );
  assert.doesNotMatch(r.stderr, /Terminating worker thread|node:internal|triggerUncaughtException/);
  assert.match(r.stdout, /FAILED: plan p/);
  const left = existsSync(out) ? readdirSync(out) : [];
  assert.deepEqual(left, [], "no part file, temporary folder or _SUCCESS marker is left");
});

test("rowforge serve: a pooled run failing at row time is failed with the real reason; the server goes on and the next run succeeds", async () => {
  const dir = fixtureDir({});
  const server = await startServe(["--home", join(dir, "home"), "--data-dir", dir]);
  let stderr = "";
  server.child.stderr!.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const run = async (name: string, out: string, sql: string) => {
    const r = await fetch(`${server.url}/run`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        plan: { name, tasks: [{ name: "t", dataSourceName: "d", enabled: true }] },
        tasks: [
          {
            name: "t",
            type: "json",
            options: { path: out },
            count: { records: 60000 },
            fields: [
              { name: "id", type: "int", options: { min: 1, max: 100 } },
              { name: "flag", type: "string", options: { sql } },
            ],
          },
        ],
      }),
    });
    assert.equal(r.status, 200, await r.clone().text());
    return ((await r.json()) as { executionId: string }).executionId;
  };
  const settle = async (id: string) => {
    for (let i = 0; i < 1200; i++) {
      const st = (await (await fetch(`${server.url}/run/status/${id}`)).json()) as {
        status: string;
        failedReason: string | null;
      };
      if (st.status === "success" || st.status === "failed") return st;
      await sleep(100);
    }
    throw new Error(`run ${id} did not end`);
  };
  try {
    const badOut = join(dir, "out", "bad");
    const bad = await settle(await run("failing", badOut, FAILING_SQL));
    assert.equal(bad.status, "failed");
    assert.match(String(bad.failedReason), /raise_error\(\): boom at row time/);
    assert.deepEqual(existsSync(badOut) ? readdirSync(badOut) : [], []);
    // The server still answers and runs the next plan to the end.
    const goodOut = join(dir, "out", "good");
    const good = await settle(await run("working", goodOut, "CASE WHEN id > 50 THEN 'high' ELSE 'low' END"));
    assert.equal(good.status, "success", String(good.failedReason));
    assert.ok(readdirSync(goodOut).some((f) => f.endsWith(".json")));
    assert.equal((await fetch(`${server.url}/run/history`)).status, 200);
    assert.equal(server.child.exitCode, null, "the server is still running");
    assert.doesNotMatch(stderr, /Terminating worker thread|unhandled/i);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});
