import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { REPO_ROOT } from "../support/run-cli.ts";
import { startServe } from "../support/start-serve.ts";

const SCHEMATHESIS = join(REPO_ROOT, ".venv", "bin", "schemathesis");
/** rowforge's own check (which 400s a schema-valid request may get), loaded through SCHEMATHESIS_HOOKS. */
const HOOKS = join(REPO_ROOT, "test", "support", "schemathesis");
/**
 * The fuzzer's work is fixed: at most this many generated cases per operation and phase (with
 * the examples and coverage phases, which enumerate the schema once). Time is no budget here: a
 * budget (`--max-time`) makes schemathesis repeat fuzzing until it is spent, so a loaded machine
 * tried nothing (none generated at load 16) and an idle one more than needed.
 */
const EXAMPLES_PER_OPERATION = 15;
/** Fewer cases than this tried is a failure: the fuzzer did not reach the operations. */
const MIN_CASES = 1000;
/**
 * Only an upper bound on the time (several times what the fixed work takes on an idle machine):
 * past it the fuzzer is interrupted (SIGINT: it stops and prints its summary) and what it tried
 * is judged, at least MIN_CASES of it.
 */
const LIMIT_SECONDS = 240;
const TOKEN = "fuzz-token-3f9a";

test("fuzzing every operation of /openapi.json with all of schemathesis' checks against `rowforge serve` with a token: no finding", {
  timeout: (LIMIT_SECONDS + 60) * 1000,
}, async (t) => {
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
  // A schema-valid request may be refused for what it means (a plan that does not exist): the
  // 400s the check in test/support/schemathesis/rowforge_checks.py judges are allowed here.
  // A body over the server's size limit is refused with 413 before it is read, whether or not it
  // matches the schema: an answer for valid and invalid data alike (schemathesis' default list
  // for invalid data lacks 413; seed 20626527860662463589914819808784176846 drew a 12 MB body).
  // Stateful runs follow the links /openapi.json declares (not names guessed from answers:
  // POST /connection answers several saved names as one comma-separated connectionName).
  writeFileSync(
    join(dir, "schemathesis.toml"),
    `[checks.positive_data_acceptance]
expected-statuses = ["2xx", "400", "404", "409", "413"]

[checks.negative_data_rejection]
expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429"]

[phases.stateful.inference]
algorithms = ["location-headers"]
`,
  );
  const server = await startServe([
    "--home",
    join(dir, "home"),
    "--config",
    join(dir, "application.conf"),
    "--data-dir",
    dir,
    "--token",
    TOKEN,
    "--max-rows",
    "100000",
  ]);
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/, "the fuzzer stays on loopback");
    const fuzz = spawn(
      SCHEMATHESIS,
      [
        "run",
        `${server.url}/openapi.json`,
        "--checks",
        "all",
        "--header",
        `Authorization: Bearer ${TOKEN}`,
        "--exclude-path",
        "/shutdown",
        "--max-examples",
        String(EXAMPLES_PER_OPERATION),
        // One worker: more cases in the budget on a shared machine, and no CPython 3.11 AST
        // recursion error in hypothesis's descriptions of the recursive field schema (seen with two threads).
        "--workers",
        "1",
        "--request-timeout",
        "30",
        // A seed the summary printed replays a run: ROWFORGE_FUZZ_SEED=<seed>.
        ...(process.env.ROWFORGE_FUZZ_SEED ? ["--seed", process.env.ROWFORGE_FUZZ_SEED] : []),
        "--suppress-health-check",
        "all",
      ],
      {
        cwd: dir,
        env: { ...process.env, NO_COLOR: "1", SCHEMATHESIS_HOOKS: "rowforge_checks", PYTHONPATH: HOOKS },
      },
    );
    let out = "";
    fuzz.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    fuzz.stderr.on("data", (d: Buffer) => {
      out += d.toString();
    });
    let interrupted = false;
    const limit = setTimeout(() => {
      interrupted = true;
      fuzz.kill("SIGINT");
    }, LIMIT_SECONDS * 1000);
    // A fuzzer that cannot start (a broken entry point) fails the test; the server is still stopped.
    const code = await new Promise<number | null>((resolve, reject) => {
      fuzz.once("exit", resolve);
      fuzz.once("error", reject);
    }).finally(() => clearTimeout(limit));
    const summary = out.slice(out.lastIndexOf("SUMMARY"));
    // How much was tried, and the seed that replays it (`--seed`), in the test's output.
    for (const line of summary.split("\n").filter((l) => /generated|Selected:|Tested:|Seed:/.test(l)))
      t.diagnostic(line.trim());
    if (interrupted)
      t.diagnostic(`interrupted at the ${LIMIT_SECONDS} s limit before its fixed work was done`);
    else assert.equal(code, 0, `schemathesis found failures:\n${out.slice(-6000)}`);
    // Every case generated passed (warnings, such as operations whose data was often refused for
    // what it means, are no findings).
    const generated = /(\d+) generated, \1 passed/.exec(summary);
    assert.ok(generated, `not every generated case passed:\n${out.slice(-6000)}`);
    assert.ok(
      Number(generated[1]) >= MIN_CASES,
      `schemathesis tried ${generated[1]} cases, fewer than ${MIN_CASES}:\n${out.slice(-6000)}`,
    );
    assert.doesNotMatch(summary, /❌|Server error/);
    // The server is still up and answering after the run.
    assert.equal(
      (await fetch(`${server.url}/plans`, { headers: { authorization: `Bearer ${TOKEN}` } })).status,
      200,
    );
    assert.equal(server.child.exitCode, null, "the server did not crash");
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});
