import assert from "node:assert/strict";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";

/** A unified plan whose step validations hold: three pass on what it writes, one (`tier in free`) fails. */
function planDir(): string {
  const dir = fixtureDir({});
  const yaml = `name: val_plan
sinkOptions: { seed: "7" }
dataSources:
  - name: my_files
    connection: { type: parquet, options: { path: ${join(dir, "out/customers")} } }
    steps:
      - name: customers
        count: { records: 2000 }
        fields:
          - { name: id, options: { regex: "CUS[0-9]{6}", isUnique: true } }
          - { name: amount, type: double, options: { min: 1, max: 100 } }
          - { name: tier, options: { oneOf: ["free", "pro"] } }
        validations:
          - expr: "amount BETWEEN 1 AND 100"
          - field: id
            validation: [{type: unique}]
          - field: tier
            validation: [{type: in, values: [free]}]
          - {groupByFields: [tier], aggType: count, aggExpr: "count > 100"}
`;
  writeFileSync(join(dir, "plan.yaml"), yaml);
  return dir;
}

test("run checks the plan's validations on what it wrote: table, history, report, exit 3 when one fails", () => {
  const root = planDir();
  const home = join(root, "home");
  const r = runCli(["run", join(root, "plan.yaml"), "--home", home, "--quiet"]);
  assert.equal(r.status, 3, r.stderr);
  assert.match(r.stdout, /validations: 3 of 4 passed/);
  assert.match(r.stdout, /FAIL\s+my_files\s+2,000 rows\s+\d+\s+tier in free/);
  assert.match(r.stderr, /validations FAILED: 1 of 4 \(exit 3\)/);
  const history = runCli(["history", "--home", home, "--json"]);
  const records = JSON.parse(history.stdout) as { validationSummary: string[][] }[];
  const summary = records[0]!.validationSummary;
  assert.equal(summary.length, 4);
  assert.deepEqual(summary[0]!.slice(0, 3), ["unified_validations", "amount BETWEEN 1 AND 100", "✅"]);
  assert.equal(summary[2]![2], "❌");
  const [run] = readdirSync(join(home, "reports"));
  const results = JSON.parse(readFileSync(join(home, "reports", run!, "results.json"), "utf8")) as {
    validations: { success: boolean; sample: unknown[] }[];
  };
  assert.equal(results.validations.length, 4);
  assert.ok(results.validations[2]!.sample.length > 0 && results.validations[2]!.sample.length <= 5);
  assert.match(readFileSync(join(home, "reports", run!, "index.html"), "utf8"), /<h2>Validations<\/h2>/);

  // check runs them again alone, on the data as it is: same outcome, nothing generated.
  const c = runCli(["check", join(root, "plan.yaml"), "--json"]);
  assert.equal(c.status, 3, c.stderr);
  const checked = JSON.parse(c.stdout) as { validations: { success: boolean; records: number }[] };
  assert.deepEqual(
    checked.validations.map((v) => v.success),
    [true, true, false, true],
  );
});

test("check of a validation file whose data is missing fails with the reason, and bad input exits 2", () => {
  const root = fixtureDir({
    "v.yaml": `name: v\ndataSources:\n  json:\n    - options: {path: /nonexistent/rowforge-data}\n      validations:\n        - expr: "a > 1"\n`,
    "bad.yaml": `name: v\ndataSources:\n  json:\n    - options: {path: /x}\n      validations:\n        - {groupByFields: [a], aggType: avarage, aggExpr: "x > 1"}\n`,
  });
  const r = runCli(["check", join(root, "v.yaml")]);
  assert.equal(r.status, 3);
  assert.match(r.stdout, /error RF_FILE_NOT_FOUND: .*\/nonexistent\/rowforge-data/);
  const bad = runCli(["check", join(root, "bad.yaml")]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /bad\.yaml:\d+:\d+: error/);
});

test("a validation naming a field the plan does not write, or SQL that does not parse, stops run and validate with file:line:col", () => {
  const root = fixtureDir({});
  writeFileSync(
    join(root, "plan.yaml"),
    `name: bad_validations
dataSources:
  - name: my_files
    connection: { type: json, options: { path: ${join(root, "out")} } }
    steps:
      - name: customers
        count: { records: 10 }
        fields:
          - { name: amount, type: double, options: { min: 1, max: 100 } }
        validations:
          - expr: "amout > 1"
          - field: amuont
            validation: [{type: unique}]
          - expr: "amount >"
`,
  );
  const r = runCli(["run", join(root, "plan.yaml")]);
  assert.equal(r.status, 2);
  assert.match(
    r.stderr,
    /plan\.yaml:11:19: error RF_SQL_INVALID: .*unknown field "amout"; did you mean "amount"\?/,
  );
  assert.match(
    r.stderr,
    /plan\.yaml:12:20: error RF_VALIDATION_FIELD_UNKNOWN: .*"amuont".*did you mean "amount"\?/,
  );
  assert.match(r.stderr, /plan\.yaml:14:19: error RF_SQL_INVALID: .*"amount >"/);
  assert.equal(readdirSync(root).includes("out"), false, "nothing is generated");
  const v = runCli(["validate", join(root, "plan.yaml")]);
  assert.equal(v.status, 2);
  assert.match(v.stderr, /plan\.yaml:12:20: error RF_VALIDATION_FIELD_UNKNOWN/);
});

test("--output-root moves what validations read along with what the steps write", () => {
  const root = fixtureDir({});
  writeFileSync(
    join(root, "plan.yaml"),
    `name: moved
dataSources:
  - name: my_csv
    connection: { type: csv, options: { path: /rowforge-elsewhere/people } }
    steps:
      - name: people
        count: { records: 50 }
        fields:
          - { name: id, type: long, options: { sql: "__index_inc" } }
        validations:
          - { aggType: count, aggExpr: "count == 50" }
          - field: id
            validation: [{ type: unique }]
`,
  );
  const r = runCli(["run", join(root, "plan.yaml"), "--output-root", join(root, "moved"), "--quiet"]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /validations: 2 of 2 passed/);
  // The plan's own path does not exist: passing means they read the moved data.
});
