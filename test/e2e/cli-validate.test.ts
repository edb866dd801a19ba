import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { runCli } from "../support/run-cli.ts";

test("the bundled example validates cleanly", () => {
  const r = runCli(["validate", "config/plans/accounts"]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /checked 3 file\(s\) \(1 plan, 2 task\).*0 error\(s\), 0 warning\(s\)/);
});

test("problems are reported like a compiler and exit with 2", () => {
  const dir = mkdtempSync(join(tmpdir(), "rowforge-validate-"));
  writeFileSync(
    join(dir, "task.yaml"),
    [
      "name: t",
      "steps:",
      "  - name: s",
      "    count: {records: -5}",
      "    fields:",
      "      - name: a",
      "        type: strng",
      "      - name: b",
      "        type: int",
      "        options: {min: 10, max: 1, arrayMinLength: 2}",
    ].join("\n"),
  );
  writeFileSync(join(dir, "plan.yaml"), "name: p\ntasks:\n  - name: tt\n    dataSourceName: json\n");
  const r = runCli(["validate", dir]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /task\.yaml:4:22: error RF_COUNT_NEGATIVE: records is -5/);
  assert.match(
    r.stderr,
    /task\.yaml:7:15: error RF_TYPE_INVALID: type "strng" is not supported.*did you mean "string"/,
  );
  assert.match(
    r.stderr,
    /task\.yaml:10:24: error RF_RANGE_INVERTED: min 10 is above max 1 \(at steps\[0\]\.fields\[1\]\.options\.min\)/,
  );
  assert.match(
    r.stderr,
    /warning RF_KEY_IGNORED: field option "arrayMinLength" is ignored: Data Caterer ignores it .*write arrayMinLen/,
  );
  assert.match(
    r.stderr,
    /plan\.yaml:3:11: error RF_TASK_NOT_FOUND: task "tt" is not defined.*did you mean "t"/,
  );
  assert.match(r.stdout, /4 error\(s\), 1 warning\(s\)/);

  const strict = runCli(["validate", "--strict", dir, "--json"]);
  assert.equal(strict.status, 2);
  const report = JSON.parse(strict.stdout) as {
    errors: number;
    diagnostics: { code: string; severity: string }[];
  };
  assert.equal(report.errors, 5);
  assert.ok(report.diagnostics.some((d) => d.code === "RF_KEY_IGNORED" && d.severity === "error"));
});

test("help, version and usage errors follow the exit-code conventions", () => {
  const help = runCli(["--help"]);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /validate/);
  const validateHelp = runCli(["validate", "--help"]);
  assert.equal(validateHelp.status, 0);
  assert.match(validateHelp.stdout, /--strict/);
  assert.equal(runCli(["--version"]).status, 0);
  assert.equal(runCli(["no-such-command"]).status, 2);
  assert.equal(runCli(["validate"]).status, 2);
  const missing = runCli(["validate", "/no/such/folder"]);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /RF_FILE_NOT_FOUND/);
});
