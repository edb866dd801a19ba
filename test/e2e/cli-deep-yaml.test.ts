import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { MAX_YAML_DEPTH } from "../../src/config/index.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";

test("rowforge validate, run and sample refuse 10,000-deep YAML with exit 2 naming the nesting limit and the place", () => {
  const n = 10_000;
  const dir = fixtureDir({
    "deep.yaml": `name: deep_task\nsteps:\n  - name: s\n    type: json\n    fields: ${"{a: ".repeat(n)}1${"}".repeat(n)}\n`,
  });
  const file = join(dir, "deep.yaml");
  for (const args of [
    ["validate", file],
    ["run", file, "--output-root", join(dir, "out")],
    ["sample", file],
  ]) {
    const r = runCli(args, { cwd: dir });
    assert.equal(r.status, 2, `${args[0]}: ${r.stderr}`);
    assert.match(
      r.stderr,
      new RegExp(`deep\\.yaml:5:\\d+: error RF_YAML_TOO_DEEP: .*more than ${MAX_YAML_DEPTH} levels deep`),
      args[0],
    );
    assert.doesNotMatch(r.stderr, /call stack/i, args[0]);
  }
});
