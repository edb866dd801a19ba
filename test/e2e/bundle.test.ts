import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { bundleIsFresh, sourceStamp } from "../../bin/build-stamp.js";
import { fixtureDir } from "../support/fixture-dir.ts";
import { REPO_ROOT, runCli } from "../support/run-cli.ts";

const TASK = (out: string) => `name: t
steps:
  - name: s
    type: json
    options: {path: ${JSON.stringify(out)}}
    count: {records: 2500}
    fields:
      - {name: id, options: {regex: "ID[0-9]{6}", isUnique: true}}
      - {name: who, options: {expression: "#{Name.firstName}"}}
      - {name: n, type: int, options: {sql: "length(who) + 1"}}
`;

test("the bundle in dist/ (built by npm install and before npm test) and the TypeScript sources write the same bytes", () => {
  assert.ok(bundleIsFresh(REPO_ROOT), "dist/ is missing or stale: run `npm run build`");
  const outputs = ["bundle", "source"].map((mode) => {
    const dir = fixtureDir({ "plan.yaml": "name: p\ntasks: [{name: t, dataSourceName: d}]\n" });
    const out = join(dir, "out");
    mkdirSync(join(dir, "task"));
    writeFileSync(join(dir, "task", "t.yaml"), TASK(out));
    const r = runCli(["run", join(dir, "plan.yaml"), "--seed", "4", "--now", "2026-01-01T00:00:00Z", "-q"], {
      env: mode === "source" ? { ROWFORGE_FROM_SOURCE: "1" } : {},
    });
    assert.equal(r.status, 0, r.stderr);
    assert.doesNotMatch(
      r.stderr,
      /dist\/ is missing or older/,
      "a fresh bundle or sources asked for run without a word",
    );
    const file = readdirSync(out).find((f) => f.endsWith(".json"))!;
    return readFileSync(join(out, file));
  });
  assert.ok(outputs[0]!.length > 0);
  assert.ok(outputs[0]!.equals(outputs[1]!));
});

test("a bundle is fresh only while no source file changed, appeared or went away since its build", () => {
  const root = fixtureDir({
    "package.json": "{}",
    "src/a.ts": "1",
    "workers/w.ts": "2",
    "src/a.test.ts": "3",
  });
  const stamp = sourceStamp(root);
  assert.equal(stamp.files, 3, "tests do not count");
  mkdirSync(join(root, "dist"));
  writeFileSync(join(root, "dist", "build.json"), JSON.stringify(stamp));
  assert.equal(bundleIsFresh(root), true);
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(root, "src", "a.ts"), later, later);
  assert.equal(bundleIsFresh(root), false, "an edited source");
  writeFileSync(join(root, "dist", "build.json"), JSON.stringify(sourceStamp(root)));
  writeFileSync(join(root, "src", "b.ts"), "4");
  utimesSync(join(root, "src", "b.ts"), new Date(0), new Date(0));
  assert.equal(bundleIsFresh(root), false, "a new source, even an old one");
});

test("a stale bundle is not used silently: the sources run and stderr says so in one line", () => {
  // A copy of the launcher whose src/ and workers/ are the repository's (through links) and whose
  // dist/build.json records other sources.
  const root = fixtureDir({
    "package.json": readFileSync(join(REPO_ROOT, "package.json"), "utf8"),
    "dist/build.json": JSON.stringify({ files: 1, newest: 0 }),
  });
  cpSync(join(REPO_ROOT, "bin"), join(root, "bin"), { recursive: true });
  for (const dir of ["src", "workers"]) symlinkSync(join(REPO_ROOT, dir), join(root, dir));
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, [join(root, "bin", "rowforge.js"), "--version"], {
      env: { ...process.env, NODE_COMPILE_CACHE: join(root, "compile-cache"), ...env },
      encoding: "utf8",
    });
  const stale = run({});
  assert.equal(stale.status, 0, stale.stderr);
  assert.match(stale.stdout, /^\d+\.\d+\.\d+/);
  assert.match(
    stale.stderr,
    /^rowforge: dist\/ is missing or older than the sources, .*`npm run build` rebuilds it\n$/,
  );
  const asked = run({ ROWFORGE_FROM_SOURCE: "1" });
  assert.equal(asked.status, 0, asked.stderr);
  assert.equal(asked.stderr, "", "the sources asked for: no word");
});

test("a CommonJS package loaded when first used is taken by its default export, the only one its chunk of the bundle has", () => {
  // esbuild gives a lazily imported CommonJS package a chunk of its own that exports module.exports
  // as `default` alone: `const { from } = await import("pg-copy-streams")` works from the sources
  // and finds nothing in the bundle (every PostgreSQL COPY failed so).
  assert.ok(bundleIsFresh(REPO_ROOT), "dist/ is missing or stale: run `npm run build`");
  const dist = join(REPO_ROOT, "dist");
  const files = readdirSync(dist).filter((f) => f.endsWith(".js"));
  const defaultOnly = files.filter((f) =>
    /^export default require_\w+\(\);\s*$/m.test(readFileSync(join(dist, f), "utf8")),
  );
  assert.ok(defaultOnly.length > 0, "the bundle has CommonJS chunks (pg-copy-streams, undici, ...)");
  const wrong: string[] = [];
  for (const f of files) {
    const code = readFileSync(join(dist, f), "utf8");
    for (const chunk of defaultOnly) {
      for (const m of code.matchAll(
        new RegExp(`import\\("\\./${chunk.replace(".", "\\.")}"\\)(.{0,30})`, "g"),
      )) {
        if (!/^\)?\.default|^\.then\(\(\w+\) => \w+\.default\)/.test(m[1]!)) wrong.push(`${f}: ${m[0]}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});
