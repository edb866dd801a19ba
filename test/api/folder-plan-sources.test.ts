import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { parse } from "yaml";
import { apiRuntime } from "./api-fixture.ts";

const PLAN = `# The shop's folder plan: this comment is served as written
name: shop
description: 'accounts and transactions'
tasks:
  - { name: accounts, dataSourceName: files_json, enabled: true }   # flow style kept
  - name: txns
    dataSourceName: files_csv
validations: [ "shop_checks" ]
`;

const ACCOUNTS = `# accounts of the shop (old password: hunter1)
name: accounts
steps:
  - name: accounts
    count: {records: 20}
    options:
      password: "hunter2"   # not for the editor's eyes
    fields:
      - {name: id, options: {regex: 'A[0-9]{6}'}}   # the key
`;

const TXNS = `name: "txns"
steps:
  - name: transactions
    count:
      records: 30
    fields:
      - name: account_id
      - name: amount
        type: double
`;

const CHECKS = `name: "shop_checks"
description: "amounts are positive"
dataSources:
  files_csv:
    - validations:
        - expr: "amount > 0"
`;

const BROKEN_PLAN = `name: broken
tasks:
  - {name: accounts, dataSourceName: files_json}
  - {name: missing_task, dataSourceName: files_json}
  - {name: bad_task, dataSourceName: files_json}
`;

const BAD_TASK = `name: bad_task
steps:
  - name: bad
    fields: [ {name: id, options: {regex: "X"}
`;

let f: Awaited<ReturnType<typeof apiRuntime>>;
before(async () => {
  f = await apiRuntime({
    files: {
      "plans/shop.yaml": PLAN,
      "plans/broken.yaml": BROKEN_PLAN,
      "tasks/accounts.yaml": ACCOUNTS,
      "tasks/txns.yaml": TXNS,
      "tasks/bad.yaml": BAD_TASK,
      "validation/checks.yaml": CHECKS,
    },
    runtime: (dir) => {
      writeFileSync(
        join(dir, "application.conf"),
        `folders { planFilePath = "${join(dir, "plans", "shop.yaml")}", taskFolderPath = "${join(dir, "tasks")}" }
json { files_json { path = "${join(dir, "out", "accounts")}", password = "conf-secret-9" } }
csv { files_csv { path = "${join(dir, "out", "txns")}", header = "true" } }
`,
      );
      return { configPath: join(dir, "application.conf") };
    },
  });
});
after(async () => {
  await f.close();
});

interface Answer {
  planName: string;
  origin: string;
  sources: { plan: string; tasks: string[]; validation: string[]; configuration: string };
  files: { plan: string; tasks: string[]; validation: string[] };
  planKind: string;
  current: boolean;
  problems: { severity: string; code: string; message: string; file?: string; line?: number }[];
}

const sources = async (name: string) => {
  const r = await f.app.inject({ url: `/plan/${name}/yaml-sources` });
  return { status: r.statusCode, json: r.json() as Answer, body: r.body };
};

test("a plan of the plan folder answers its plan, task and validation files' texts byte for byte, secrets masked, with the files they came from", async () => {
  const got = await sources("shop");
  assert.equal(got.status, 200, got.body);
  assert.equal(got.json.origin, "folder");
  assert.equal(got.json.planKind, "plan");
  assert.equal(got.json.sources.plan, PLAN, "the plan file as written: comments, quoting, flow style");
  assert.deepEqual(got.json.files, {
    plan: "shop.yaml",
    tasks: ["accounts.yaml", "txns.yaml"],
    validation: ["checks.yaml"],
  });
  assert.equal(
    got.json.sources.tasks[0],
    ACCOUNTS.replace('"hunter2"', '"***"').replace("password: hunter1", "password: ***"),
    "only the secrets change, in values and comments",
  );
  assert.equal(got.json.sources.tasks[1], TXNS);
  assert.deepEqual(got.json.sources.validation, [CHECKS]);
  assert.equal(got.json.sources.configuration, "", "application.conf is not a plan text");
  for (const secret of ["hunter1", "hunter2", "conf-secret-9", "files_json {"])
    assert.ok(!got.body.includes(secret), `the answer does not hold ${secret}`);
  assert.deepEqual(
    got.json.problems.filter((p) => p.severity === "error"),
    [],
  );
  // Names resolve as runs resolve them: case does not matter.
  assert.equal((await sources("SHOP")).json.sources.plan, PLAN);
  // The files on disk are untouched.
  assert.equal(readFileSync(join(f.dir, "tasks", "accounts.yaml"), "utf8"), ACCOUNTS);
});

test("a folder plan with a missing task and a task file that does not parse opens with what can be read; each problem has its code, file and line", async () => {
  const got = await sources("broken");
  assert.equal(got.status, 200, got.body);
  assert.equal(got.json.sources.plan, BROKEN_PLAN);
  assert.deepEqual(got.json.files.tasks, ["accounts.yaml", "bad.yaml"]);
  assert.equal(got.json.sources.tasks[1], BAD_TASK, "the unparsable task file is served as it is");
  const missing = got.json.problems.find(
    (p) => p.code === "RF_TASK_NOT_FOUND" && /missing_task/.test(p.message),
  );
  assert.ok(missing, got.body);
  assert.equal(missing.file, "broken.yaml");
  assert.equal(missing.line, 4);
  const syntax = got.json.problems.find((p) => p.file === "bad.yaml");
  assert.ok(syntax, got.body);
  assert.equal(syntax.code, "RF_YAML_SYNTAX");
  assert.equal(typeof syntax.line, "number");
});

test("the folder plan saved as sent by the editor keeps its secrets; a saved plan of the same name takes precedence; unknown names are a 404 naming both places", async () => {
  const shop = (await sources("shop")).json.sources;
  const saved = await f.app.inject({
    method: "POST",
    url: "/plan",
    payload: {
      plan: parse(shop.plan),
      tasks: shop.tasks.map((t) => parse(t)),
      validation: shop.validation.map((t) => parse(t)),
      yamlSources: shop,
    },
  });
  assert.equal(saved.statusCode, 200, saved.body);
  const stored = (await f.store.plans.get("shop"))?.request as {
    tasks: { steps: { options: Record<string, unknown> }[] }[];
  };
  assert.equal(
    stored.tasks[0]!.steps[0]!.options.password,
    "hunter2",
    "the copy keeps the secret its *** stands for in the folder's file",
  );
  const got = await sources("shop");
  assert.equal(got.json.origin, "saved");
  assert.equal(got.json.sources.plan, PLAN);
  assert.equal(got.json.files, undefined);
  const none = await sources("nope");
  assert.equal(none.status, 404);
  assert.match(none.body, /not found among the saved plans or the YAML plans of the plan folder/);
  assert.equal((await f.app.inject({ method: "DELETE", url: "/plan/shop" })).statusCode, 200);
  assert.equal((await sources("shop")).json.origin, "folder");
});
