import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { REPO_ROOT } from "../support/run-cli.ts";
import { startServe } from "../support/start-serve.ts";

const SCHEMATHESIS = join(REPO_ROOT, ".venv", "bin", "schemathesis");
/** The fuzzer's time budget: bounded for CI (the whole test stays well under two minutes). */
const FUZZ_SECONDS = 45;

test("fuzzing every operation of /openapi.json (schemathesis) against `rowforge serve`: no crash, no 5xx", {
  timeout: 180_000,
}, async () => {
  assert.ok(
    existsSync(SCHEMATHESIS),
    `schemathesis is needed: run scripts/setup-python.sh (no ${SCHEMATHESIS})`,
  );
  const dir = fixtureDir({
    "application.conf": `folders {
  planFilePath = "DIR/plans/plan.yaml"
  taskFolderPath = "DIR/tasks"
}
json { out_json { path = "DIR/out/json", password = "fuzz-secret" } }
`,
    "tasks/accounts.yaml": `name: accounts_task
steps:
  - name: accounts
    type: json
    options: {path: DIR/out/accounts}
    count: {records: 20}
    fields:
      - {name: account_id, options: {regex: "ACC[0-9]{8}"}}
      - {name: amount, type: double, options: {min: 1, max: 100}}
`,
    "plans/plan.yaml": "name: shop_plan\ntasks:\n  - {name: accounts_task, dataSourceName: out_json}\n",
  });
  for (const f of ["application.conf", "tasks/accounts.yaml"]) {
    const path = join(dir, f);
    writeFileSync(path, readFileSync(path, "utf8").replaceAll("DIR", dir));
  }
  const server = await startServe([
    "--home",
    join(dir, "home"),
    "--config",
    join(dir, "application.conf"),
    "--data-dir",
    dir,
  ]);
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/, "the fuzzer stays on loopback");
    const fuzz = spawn(
      SCHEMATHESIS,
      [
        "run",
        `${server.url}/openapi.json`,
        "--checks",
        "not_a_server_error",
        "--exclude-path",
        "/shutdown",
        "--max-time",
        String(FUZZ_SECONDS),
        // One worker: more cases in the budget on a shared machine, and no CPython 3.11 AST
        // recursion error in hypothesis's descriptions of the recursive field schema (seen with two threads).
        "--workers",
        "1",
        "--request-timeout",
        "30",
        "--suppress-health-check",
        "all",
      ],
      { cwd: dir, env: { ...process.env, NO_COLOR: "1" } },
    );
    let out = "";
    fuzz.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    fuzz.stderr.on("data", (d: Buffer) => {
      out += d.toString();
    });
    // A fuzzer that cannot start (a broken entry point) fails the test; the server is still stopped.
    const code = await new Promise<number | null>((resolve, reject) => {
      fuzz.once("exit", resolve);
      fuzz.once("error", reject);
    });
    const summary = out.slice(out.lastIndexOf("SUMMARY"));
    assert.equal(code, 0, `schemathesis found failures:\n${out.slice(-6000)}`);
    assert.match(summary, /\d+ generated, \d+ passed/);
    assert.doesNotMatch(summary, /failed|Server error/i);
    // The server is still up and answering after the run.
    assert.equal((await fetch(`${server.url}/plans`)).status, 200);
    assert.equal(server.child.exitCode, null, "the server did not crash");
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});
