import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { REPO_ROOT } from "../support/run-cli.ts";

/** The system's npm on the system's Node (not the project's Node 24 npm scripts put first on PATH). */
const SYSTEM_NODE = "/usr/bin/node";
const SYSTEM_NPM = "/usr/bin/npm";

/** `npm install` as a fresh clone runs it, without downloading: the lockfile's tree, checked. */
function npmInstallDryRun(dir: string): { status: number | null; output: string } {
  // Nothing of the npm running these tests (its prefix is this repository) leaks in.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith("npm_")),
  );
  env.PATH = (process.env.PATH ?? "")
    .split(":")
    .filter((p) => !p.includes("node_modules"))
    .join(":");
  const r = spawnSync(
    SYSTEM_NODE,
    [
      realpathSync(SYSTEM_NPM),
      "install",
      "--dry-run",
      "--offline",
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
    ],
    { cwd: dir, env, encoding: "utf8", timeout: 120_000 },
  );
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

function cloneManifests(files = ["package.json", "package-lock.json", ".npmrc"]): string {
  const dir = fixtureDir({});
  for (const f of files) copyFileSync(join(REPO_ROOT, f), join(dir, f));
  return dir;
}

test("npm install on a system Node older than rowforge's prints no warnings, and still prints errors", (t) => {
  const version = existsSync(SYSTEM_NODE)
    ? execFileSync(SYSTEM_NODE, ["--version"], { encoding: "utf8" }).trim()
    : "";
  const major = Number(/^v(\d+)/.exec(version)?.[1] ?? "0");
  if (major === 0 || major >= 22 || !existsSync(SYSTEM_NPM)) {
    t.skip(`no npm on a Node older than 22 at ${SYSTEM_NODE} (${version || "none"})`);
    return;
  }
  const clean = npmInstallDryRun(cloneManifests());
  assert.equal(clean.status, 0, clean.output);
  assert.doesNotMatch(clean.output, /^npm (warn|notice)|EBADENGINE/im);
  // What the project's .npmrc keeps off the screen: the same install without it warns.
  const noisy = npmInstallDryRun(cloneManifests(["package.json", "package-lock.json"]));
  assert.equal(noisy.status, 0, noisy.output);
  assert.match(noisy.output, /EBADENGINE/);

  const broken = cloneManifests();
  const manifest = JSON.parse(readFileSync(join(broken, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  manifest.dependencies["rowforge-no-such-package"] = "1.0.0";
  writeFileSync(join(broken, "package.json"), JSON.stringify(manifest));
  const failed = npmInstallDryRun(broken);
  assert.notEqual(failed.status, 0);
  assert.match(failed.output, /npm error/);
});
