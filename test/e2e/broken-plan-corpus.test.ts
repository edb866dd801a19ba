import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { REPO_ROOT, runCli } from "../support/run-cli.ts";

/**
 * The broken-plan corpus (test/corpus/broken-plans): one mistake users make per file, its
 * expected error code on the first line (`# expect: RF_...`). `validate` fails exactly when
 * `run` refuses before writing, with that one code, so neither lets through what the other refuses.
 */
const CORPUS = join(REPO_ROOT, "test", "corpus", "broken-plans");

const codes = (stderr: string) => [...new Set([...stderr.matchAll(/error (RF_[A-Z_]+)/g)].map((m) => m[1]))];

for (const name of readdirSync(CORPUS).filter((f) => f.endsWith(".yaml"))) {
  test(`broken plan ${name}: validate and run refuse it with its one code, and nothing is written`, () => {
    const file = join(CORPUS, name);
    const expected = /^# expect: (RF_[A-Z_]+)/.exec(readFileSync(file, "utf8"))?.[1];
    assert.ok(expected, `${name} names its expected code on its first line`);
    const v = runCli(["validate", file]);
    assert.equal(v.status, 2, v.stdout + v.stderr);
    assert.deepEqual(codes(v.stderr), [expected], v.stderr);
    const out = fixtureDir({});
    const r = runCli(["run", file, "--output-root", out, "--workers", "0", "--quiet"]);
    assert.equal(r.status, 2, r.stdout + r.stderr);
    assert.deepEqual(codes(r.stderr), [expected], r.stderr);
    assert.deepEqual(readdirSync(out), [], "run wrote before refusing");
  });
}
