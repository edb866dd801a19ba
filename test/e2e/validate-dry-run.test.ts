import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";

const PROBLEMS = [
  "name: broken_steps",
  "steps:",
  "  - name: bad_regex",
  "    options: {path: OUT/a}",
  "    fields:",
  "      - {name: ok, options: {regex: 'A[0-9]{2}'}}",
  "      - {name: r, options: {regex: 'A[0-9'}}",
  "  - name: bad_sql",
  "    options: {path: OUT/b}",
  "    fields:",
  "      - {name: a, type: int}",
  "      - {name: s, type: int, options: {sql: 'a + nosuchfield'}}",
  "  - name: bad_faker",
  "    options: {path: OUT/c}",
  "    fields:",
  "      - {name: f, options: {expression: '#{Name.nosuchmethod}'}}",
  "  - name: no_path",
  "    fields: [{name: x}]",
  "  - name: too_unique",
  "    options: {path: OUT/d}",
  "    count: {records: 500}",
  "    fields:",
  "      - {name: n, type: int, options: {min: 1, max: 10, isUnique: true}}",
  "  - name: from_metadata",
  "    options: {path: OUT/e, metadataSourceType: openMetadata}",
  "",
].join("\n");

test("item 5: validate compiles every step as run does and reports every problem at once, located", () => {
  const dir = fixtureDir({});
  const files = fixtureDir({ "task.yaml": PROBLEMS.replaceAll("OUT", dir) });
  const v = runCli(["validate", files]);
  assert.equal(v.status, 2, v.stderr);
  const expected: [RegExp, number][] = [
    [/task\.yaml:7:\d+: error \w+: .*regex/i, 7],
    [/task\.yaml:12:\d+: error \w+: .*nosuchfield/, 12],
    [/task\.yaml:16:\d+: error \w+: .*nosuchmethod/i, 16],
    [/task\.yaml:17:\d+: error RF_KEY_MISSING: step "no_path" has no path option/, 17],
    [/task\.yaml:23:\d+: error RF_VALUE_INVALID: field "\.too_unique\.n" asks for 500 unique values/, 23],
    [
      /task\.yaml:24:\d+: error RF_METADATA_SOURCE_UNSUPPORTED: step "from_metadata" takes its fields from an OpenMetadata catalogue server/,
      24,
    ],
  ];
  for (const [re] of expected) assert.match(v.stderr, re);
  assert.match(v.stdout, /6 error\(s\)/);
  // run refuses the same file, before writing anything.
  const r = runCli(["run", join(files, "task.yaml"), "--workers", "0"]);
  assert.equal(r.status, 2, r.stderr);
  assert.deepEqual(readdirSync(dir), []);
});

test("item 5: validate and run agree: a plan that validates runs, and unknown option keys fail both unless --lenient", () => {
  const out = fixtureDir({});
  const dir = fixtureDir({
    "plan/p.yaml": "name: p\ntasks:\n  - {name: t, dataSourceName: json}\n",
    "task/t.yaml": [
      "name: t",
      "steps:",
      "  - name: s",
      `    options: {path: ${out}/s}`,
      "    count: {records: 5}",
      "    fields:",
      "      - {name: n, type: int, options: {mni: 5, max: 10}}",
      "      - {name: d, type: date, options: {min: 'now()', max: 'now()'}}",
      "",
    ].join("\n"),
  });
  const plan = join(dir, "plan", "p.yaml");
  const v = runCli(["validate", plan], { cwd: dir });
  assert.equal(v.status, 2);
  assert.match(v.stderr, /t\.yaml:7:\d+: error RF_KEY_UNKNOWN: unknown field option key "mni"/);
  const r = runCli(["run", plan, "--workers", "0", "--quiet"], { cwd: dir });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /error RF_KEY_UNKNOWN: unknown field option key "mni"/);
  assert.deepEqual(readdirSync(out), []);
  const vl = runCli(["validate", "--lenient", plan], { cwd: dir });
  assert.equal(vl.status, 0, vl.stderr);
  const rl = runCli(["run", "--lenient", plan, "--workers", "0", "--now", "2026-03-04T05:06:07Z"], {
    cwd: dir,
  });
  assert.equal(rl.status, 0, rl.stderr);
  assert.match(rl.stderr, /warning\(s\)/);
});
