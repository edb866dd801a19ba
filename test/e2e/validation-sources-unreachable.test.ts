import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { OUTPUT_KINDS } from "../../src/app/output-kinds.ts";
import { runPlan } from "../../src/app/runs/run-plan.ts";
import { loadPlanFile } from "../../src/config/index.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { runCli } from "../support/run-cli.ts";
import { freePort } from "../support/script-process.ts";

/** A local port nothing listens on. */

/** A legacy plan writing JSON files, whose validation file reads a PostgreSQL table at `port`. */
const project = (port: number): string =>
  fixtureDir({
    "application.conf": `jdbc {\n  accounts_db {\n    url = "jdbc:postgresql://127.0.0.1:${port}/shop"\n    user = "rf"\n    password = "s3cret-pw"\n    driver = "org.postgresql.Driver"\n    connectTimeout = "2"\n  }\n}\n`,
    "plan.yaml":
      "name: reach_plan\ntasks:\n  - name: files_task\n    dataSourceName: my_json\nvalidations: [account_checks]\n",
    "task/files_task.yaml": `name: files_task\nsteps:\n  - name: people\n    type: json\n    options: {path: out/people}\n    count: {records: 10}\n    fields:\n      - {name: id, type: long, options: {sql: "__index_inc"}}\n`,
    "validation/account_checks.yaml":
      'name: account_checks\ndataSources:\n  accounts_db:\n    - options: {dbtable: public.accounts}\n      validations:\n        - expr: "amount > 0"\n',
  });

test("a validation reading a server that cannot be reached stops run (nothing generated) and check, with file:line:col, in bounded time", async () => {
  const port = await freePort();
  const root = project(port);
  const started = performance.now();
  const r = runCli(["run", "plan.yaml", "--quiet"], { cwd: root });
  assert.equal(r.status, 2, r.stdout + r.stderr);
  assert.match(
    r.stderr,
    new RegExp(
      `account_checks\\.yaml:4:7: error RF_DB_UNREACHABLE: validation "account_checks" of accounts_db cannot read its data: .*127\\.0\\.0\\.1:${port}`,
    ),
  );
  assert.doesNotMatch(r.stderr, /s3cret-pw/);
  assert.equal(existsSync(join(root, "out")), false, "nothing is generated");

  const c = runCli(["check", "plan.yaml"], { cwd: root });
  assert.equal(c.status, 2, c.stdout + c.stderr);
  assert.match(c.stderr, /account_checks\.yaml:4:7: error RF_DB_UNREACHABLE/);
  assert.ok(performance.now() - started < 40_000, "both answer within the connection's timeout");
});

test("a run started through the application layer (as the server starts them) refuses too, before writing", async () => {
  const port = await freePort();
  const root = project(port);
  const load = await loadPlanFile(join(root, "plan.yaml"), { outputKinds: OUTPUT_KINDS, cwd: root, env: {} });
  assert.ok(load.plan);
  await assert.rejects(
    runPlan(load.plan, {
      access: OPEN_ACCESS,
      executor: () => createInlineExecutor(),
      ...(load.connections ? { connections: load.connections } : {}),
    }),
    (e: Error & { code?: string }) => {
      assert.equal(e.code, "RF_DB_UNREACHABLE");
      assert.match(e.message, /validation "account_checks" of accounts_db cannot read its data/);
      assert.doesNotMatch(e.message, /s3cret-pw/);
      return true;
    },
  );
  assert.equal(existsSync(join(root, "out")), false, "nothing is generated");
});
