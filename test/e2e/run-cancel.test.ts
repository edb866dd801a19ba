import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { fixtureDir } from "../support/fixture-dir.ts";
import { CLI, REPO_ROOT, runCli } from "../support/run-cli.ts";
import { runRequest } from "../support/run-request.ts";
import { type ServeProcess, startServe } from "../support/start-serve.ts";

// Far more rows than the tests wait for: every run here ends by cancellation or a limit.
const HUGE = 200_000_000;

const requestOf = (name: string, out: string, records = HUGE) => runRequest(name, out, records);

interface Status {
  status: string;
  failedReason: string | null;
}

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
  const submit = async (name: string, out: string, records = HUGE) => {
    const r = await post("/run", requestOf(name, out, records));
    assert.equal(r.status, 200, await r.clone().text());
    return ((await r.json()) as { executionId: string }).executionId;
  };
  /** Waits until the run writes: its temporary folder holds bytes. */
  const writing = async (id: string, out: string) => {
    for (let i = 0; i < 1200; i++) {
      const st = await status(id);
      assert.ok(
        st.status === "queued" || st.status === "running",
        `run ${id} ended early: ${st.failedReason}`,
      );
      const temp = existsSync(out) ? readdirSync(out).find((f) => f.startsWith("_temporary-")) : undefined;
      if (st.status === "running" && temp && readdirSync(join(out, temp)).length > 0) return;
      await sleep(100);
    }
    throw new Error(`run ${id} never started writing`);
  };
  const ended = async (id: string) => {
    for (let i = 0; i < 1200; i++) {
      const st = await status(id);
      if (st.status === "success" || st.status === "failed") return st;
      await sleep(100);
    }
    throw new Error(`run ${id} did not end`);
  };
  return { post, status, submit, writing, ended };
}

const leftovers = (out: string): string[] => (existsSync(out) ? readdirSync(out) : []);

test("POST /run refuses a plan above the row limit with a 400 naming the count and the limit", async () => {
  const dir = fixtureDir({});
  const server = await startServe(["--home", join(dir, "home"), "--data-dir", dir, "--max-rows", "1000000"]);
  try {
    const { post } = client(server);
    const r = await post("/run", requestOf("too_big", join(dir, "out"), 1e15));
    assert.equal(r.status, 400);
    const body = (await r.json()) as { status: string; message: string; details: string };
    assert.equal(body.status, "error");
    assert.equal(body.details, "RF_LIMIT_EXCEEDED");
    assert.match(body.message, /1,000,000,000,000,000 rows, above the limit of 1,000,000 rows per run/);
    assert.deepEqual(
      (await (await fetch(`${server.url}/run/history`)).json()) as unknown[],
      [],
      "nothing was queued",
    );
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});

test("runs are cancelled while queued and while running, over the API and with rowforge cancel; partial outputs are removed", async () => {
  const dir = fixtureDir({});
  const home = join(dir, "home");
  const server = await startServe(["--home", home, "--data-dir", dir]);
  try {
    const c = client(server);
    const outA = join(dir, "out", "a");
    const outB = join(dir, "out", "b");
    const a = await c.submit("first", outA);
    const b = await c.submit("second", outB);
    await c.writing(a, outA);
    assert.equal((await c.status(b)).status, "queued");

    // A queued run: cancelled at once, and never started.
    const cb = await c.post(`/run/cancel/${b}`);
    assert.equal(cb.status, 200);
    const bodyB = (await cb.json()) as { status: string; message: string; executionId: string };
    assert.deepEqual(Object.keys(bodyB), ["status", "message", "executionId"]);
    assert.equal(bodyB.executionId, b);
    const stB = await c.status(b);
    assert.deepEqual([stB.status, stB.failedReason], ["failed", "cancelled"]);

    // A running run, over the API: stopped, its temporary folder removed.
    const ca = await c.post(`/run/cancel/${a}`);
    assert.equal(ca.status, 200, await ca.clone().text());
    const stA = await c.ended(a);
    assert.equal(stA.status, "failed");
    assert.equal(stA.failedReason, "cancelled");
    assert.deepEqual(leftovers(outA), [], "no temporary folder, part file or _SUCCESS");
    assert.deepEqual(leftovers(outB), [], "the queued run never wrote");

    // Cancelling an ended run is a 409, an unknown one a 404.
    assert.equal((await c.post(`/run/cancel/${a}`)).status, 409);
    assert.equal((await c.post("/run/cancel/no-such-run")).status, 404);

    // A running run, with the command line (which finds the server through the home).
    const outC = join(dir, "out", "c");
    const cId = await c.submit("third", outC);
    await c.writing(cId, outC);
    const cli = runCli(["cancel", cId, "--home", home], { timeoutMs: 90_000 });
    assert.equal(cli.status, 0, cli.stderr);
    assert.match(cli.stdout, new RegExp(`Execution '${cId}' cancelled while running`));
    const stC = await c.ended(cId);
    assert.deepEqual([stC.status, stC.failedReason], ["failed", "cancelled"]);
    assert.deepEqual(leftovers(outC), []);

    // The server goes on: a small run still succeeds.
    const outD = join(dir, "out", "d");
    const stD = await c.ended(await c.submit("fourth", outD, 100));
    assert.equal(stD.status, "success", String(stD.failedReason));
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  // With the server gone, rowforge cancel says so.
  const gone = runCli(["cancel", "0b7c1c3e-0000-4000-8000-000000000000", "--home", home]);
  assert.equal(gone.status, 1);
  assert.match(gone.stderr, /no rowforge server is running on the home/);
});

test("a run longer than --max-run-seconds is cancelled with a reason naming the limit", async () => {
  const dir = fixtureDir({});
  const server = await startServe(["--home", join(dir, "home"), "--data-dir", dir, "--max-run-seconds", "2"]);
  try {
    const c = client(server);
    const out = join(dir, "out", "slow");
    const st = await c.ended(await c.submit("slow", out));
    assert.equal(st.status, "failed");
    assert.match(
      String(st.failedReason),
      /^cancelled: the run took longer than its limit of 2 s \(--max-run-seconds\)/,
    );
    assert.deepEqual(leftovers(out), []);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});

const planDir = (out: string, records: number): string => {
  const dir = fixtureDir({ "plan.yaml": "name: p\ntasks: [{name: t, dataSourceName: d}]\n" });
  mkdirSync(join(dir, "task"));
  writeFileSync(
    join(dir, "task", "t.yaml"),
    `name: t
steps:
  - name: s
    type: csv
    options: {path: ${JSON.stringify(out)}}
    count: {records: ${records}}
    fields:
      - {name: id, type: long, options: {isUnique: true}}
      - {name: n, type: int, options: {min: 1, max: 100}}
`,
  );
  return dir;
};

test("rowforge run: SIGINT mid-run stops the workers, removes the temporary files and exits 130", async () => {
  const out = join(fixtureDir({}), "out");
  const dir = planDir(out, HUGE);
  const child = spawn(
    process.execPath,
    [CLI, "run", join(dir, "plan.yaml"), "--seed", "1", "--workers", "2"],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: "1" },
    },
  );
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    for (let i = 0; i < 1200 && !/s: \d+% [1-9][\d,]*\/[\d,]+ /.test(stderr); i++) await sleep(100);
    assert.match(stderr, /s: \d+% [1-9][\d,]*\/[\d,]+ /, "the run is writing");
    assert.ok(leftovers(out).some((f) => f.startsWith("_temporary-")));
    child.kill("SIGINT");
    assert.equal(await exited, 130, stderr);
    assert.match(stderr, /error RF_RUN_CANCELLED: cancelled \(SIGINT\)/);
    assert.match(
      stderr,
      /nothing was kept; not written: s \(stopped at [\d,]+ of [\d,]+ rows; nothing of it kept\)\n/,
    );
    assert.deepEqual(leftovers(out), [], "no _temporary-* folder, part file or _SUCCESS marker");
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});

test("rowforge run: a plan above --max-rows is refused before anything is written (exit 2)", () => {
  const out = join(fixtureDir({}), "out");
  const dir = planDir(out, 5000);
  const r = runCli(["run", join(dir, "plan.yaml"), "--max-rows", "4999", "-q"]);
  assert.equal(r.status, 2, r.stderr);
  assert.match(
    r.stderr,
    /error RF_LIMIT_EXCEEDED: plan "p" asks for 5,000 rows, above the limit of 4,999 rows per run/,
  );
  assert.equal(existsSync(out), false);
});

test("rowforge run: --max-run-seconds and --max-bytes cancel a run that exceeds them (exit 1, reason named)", () => {
  const out = join(fixtureDir({}), "out");
  const dir = planDir(out, HUGE);
  const slow = runCli(["run", join(dir, "plan.yaml"), "--max-run-seconds", "1", "-q"], { timeoutMs: 90_000 });
  assert.equal(slow.status, 1, slow.stderr);
  assert.match(slow.stderr, /cancelled: the run took longer than its limit of 1 s \(--max-run-seconds\)/);
  assert.deepEqual(leftovers(out), []);
  const big = runCli(["run", join(dir, "plan.yaml"), "--max-bytes", "100000", "-q"], { timeoutMs: 90_000 });
  assert.equal(big.status, 1, big.stderr);
  assert.match(big.stderr, /cancelled: the run wrote more than its limit of 100,000 bytes \(--max-bytes\)/);
  assert.deepEqual(leftovers(out), []);
});
