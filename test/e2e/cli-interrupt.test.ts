// rowforge-test: alone (a run ended within 2 s of SIGINT)
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { heavyField, temporariesIn, waitUntil } from "../support/heavy-runs.ts";
import { CLI, REPO_ROOT, runCli } from "../support/run-cli.ts";

/** A plan file of one JSON step of `records` rows whose field `h` costs `work` rounds of SHA-256 a row. */
function heavyPlan(out: string, records: number, work: number): string {
  const dir = fixtureDir({
    "plan.yaml": "name: heavy\ntasks: [{name: t, dataSourceName: d}]\n",
    "task/t.yaml": `name: t
steps:
  - name: s
    type: json
    options: {path: ${JSON.stringify(out)}}
    count: {records: ${records}}
    fields:
      - {name: id, type: long, options: {isUnique: true}}
      - ${JSON.stringify(heavyField(work))}
`,
  });
  return join(dir, "plan.yaml");
}

function startRun(args: readonly string[]) {
  const child = spawn(process.execPath, [CLI, "run", ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NO_COLOR: "1" },
  });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

test("rowforge run: SIGINT while this thread would be busy with a long batch stops the run within 2 s (exit 130, nothing left)", async () => {
  const out = join(fixtureDir({}), "out");
  // A few thousand rows run in the CLI's own thread by default; each batch of them takes seconds.
  const run = startRun([heavyPlan(out, 3_000, 2_000), "--seed", "1"]);
  try {
    await waitUntil("the run to open its output", () => temporariesIn(out)[0]);
    const t0 = performance.now();
    run.child.kill("SIGINT");
    const code = await run.exited;
    const tookMs = performance.now() - t0;
    assert.equal(code, 130, run.stderr());
    assert.ok(tookMs < 2_000, `rowforge run ended ${Math.round(tookMs)} ms after SIGINT`);
    assert.match(run.stderr(), /error RF_RUN_CANCELLED: cancelled \(SIGINT\)/);
    assert.deepEqual(existsSync(out) ? readdirSync(out) : [], [], "no temporary folder or lock left");
  } finally {
    if (run.child.exitCode === null) run.child.kill("SIGKILL");
  }
});

test("rowforge run killed with -9: the next run on the same home removes its temporaries and records it failed (interrupted)", async () => {
  const dir = fixtureDir({});
  const home = join(dir, "home");
  const out = join(dir, "out");
  const run = startRun([heavyPlan(out, 50_000, 300), "--home", home, "--seed", "1"]);
  const temporary = await waitUntil("the run to open its output", () => temporariesIn(out)[0]);
  const runId = temporary.replace("_temporary-", "");
  run.child.kill("SIGKILL");
  await run.exited;
  assert.ok(temporariesIn(out).length > 0, "the killed run left its temporary folder");

  const smallOut = join(dir, "small");
  const small = heavyPlan(smallOut, 10, 1);
  const next = runCli(["run", small, "--home", home, "-q"]);
  assert.equal(next.status, 0, next.stderr);
  assert.deepEqual(readdirSync(out), [], "the killed run's temporary folder and lock are gone");
  const history = runCli(["history", "--home", home, "--json"]);
  assert.equal(history.status, 0, history.stderr);
  const records = JSON.parse(history.stdout) as { id: string; status: string; failedReason: string | null }[];
  const killed = records.find((r) => r.id === runId);
  assert.deepEqual([killed?.status, killed?.failedReason], ["failed", "interrupted"]);
});
