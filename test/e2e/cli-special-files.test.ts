import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";

const TASK = (path: string) =>
  `name: t\nsteps:\n  - name: s\n    type: json\n    options: {path: "${path}"}\n    count: {records: 10}\n    fields: [{name: a}]\n`;
const PLAN = "name: p\ntasks: [{name: t, dataSourceName: d}]\n";

function mkfifo(path: string): string {
  const r = spawnSync("mkfifo", [path]);
  assert.equal(r.status, 0, String(r.stderr));
  return path;
}

// runCli's time-out (30 s here) bounds a hang: a hung run ends with status null, not 2.
const cli = (args: string[]) => runCli(args, { timeoutMs: 30_000 });

test("a FIFO as task file, plan file or configuration is a clear error, never a hang", () => {
  const dir = fixtureDir({ "plan.yaml": PLAN, "task/.keep": "" });
  const out = join(dir, "out");
  mkfifo(join(dir, "task", "t.yaml"));
  const task = cli(["run", join(dir, "plan.yaml")]);
  assert.equal(task.status, 2, task.stderr);
  assert.match(
    task.stderr,
    /error RF_FILE_NOT_REGULAR: .*t\.yaml is a FIFO \(named pipe\), not a regular file/,
  );

  const plan = cli(["run", mkfifo(join(dir, "pipe.yaml"))]);
  assert.equal(plan.status, 2, plan.stderr);
  assert.match(plan.stderr, /pipe\.yaml is a FIFO \(named pipe\), not a regular file/);

  const ok = fixtureDir({ "plan.yaml": PLAN, "task/t.yaml": TASK(out) });
  const config = cli(["run", join(ok, "plan.yaml"), "--config", mkfifo(join(dir, "application.conf"))]);
  assert.equal(config.status, 2, config.stderr);
  assert.match(config.stderr, /application\.conf is a FIFO \(named pipe\), not a regular file/);

  const validate = cli(["validate", dir]);
  assert.equal(validate.status, 2, validate.stderr + validate.stdout);
  assert.match(validate.stdout + validate.stderr, /t\.yaml is a FIFO \(named pipe\)/);
  assert.ok(!existsSync(out));
});

test("an output under /proc or /sys, or an existing FIFO, is refused before anything is written", () => {
  const dir = fixtureDir({ "plan.yaml": PLAN });
  const fifo = mkfifo(join(dir, "target.json"));
  for (const path of ["/proc/self/rowforge-out", "/sys/rowforge-out", fifo]) {
    const plan = fixtureDir({ "plan.yaml": PLAN, "task/t.yaml": TASK(path) });
    const r = cli(["run", join(plan, "plan.yaml")]);
    assert.equal(r.status, 2, `${path}: ${r.stderr}`);
    assert.match(r.stderr, /error RF_OUTPUT_SPECIAL: step "s": output path .* refusing to write there/, path);
  }
  const plan = fixtureDir({ "plan.yaml": PLAN, "task/t.yaml": TASK("out") });
  const rerooted = cli(["run", join(plan, "plan.yaml"), "--output-root", "/proc/self"]);
  assert.equal(rerooted.status, 2, rerooted.stderr);
  assert.match(rerooted.stderr, /RF_OUTPUT_SPECIAL/);
  assert.deepEqual(readdirSync(dir), ["plan.yaml", "target.json"]);
});
