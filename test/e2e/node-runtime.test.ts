import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "node:test";
import { Worker } from "node:worker_threads";
import { CLI, REPO_ROOT } from "../support/run-cli.ts";

const PACKAGE = JSON.parse(readFileSync(`${REPO_ROOT}/package.json`, "utf8")) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};

test("the project's scripts run on Node 24 or newer", () => {
  const major = Number(process.versions.node.split(".")[0]);
  assert.ok(
    major >= 24,
    `tests run on Node ${process.versions.node}; npm scripts should put the project's Node 24 first on PATH`,
  );
});

test("worker threads load TypeScript sources directly", async () => {
  const source = `
    import { parentPort } from "node:worker_threads";
    import { parseDataType } from ${JSON.stringify(new URL("../../src/model/parse-data-type.ts", import.meta.url).href)};
    const r = parseDataType("array<decimal(5,2)>");
    parentPort.postMessage(r.ok ? r.type.kind + ":" + r.type.element.kind : "failed");
  `;
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(source)}`));
  const message = await new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  await worker.terminate();
  assert.equal(message, "array:decimal");
});

/** The oldest Node that runs rowforge: package.json's engines, which every runtime dependency's own engines must allow. */
const MINIMUM = /^>=(\d+\.\d+\.\d+)$/.exec(PACKAGE.engines.node)?.[1];

test("package.json engines names one minimum that every runtime dependency's engines allows", () => {
  assert.ok(MINIMUM, `engines.node should be ">=X.Y.Z", not ${PACKAGE.engines.node}`);
  const require = createRequire(import.meta.url);
  const semver = require("semver") as { satisfies(v: string, range: string): boolean };
  const refusing: string[] = [];
  for (const name of Object.keys(PACKAGE.dependencies)) {
    // Read from node_modules: some packages do not export their package.json.
    const manifest = readFileSync(`${REPO_ROOT}/node_modules/${name}/package.json`, "utf8");
    const engines = (JSON.parse(manifest) as { engines?: { node?: string } }).engines?.node;
    if (engines && !semver.satisfies(MINIMUM, engines)) refusing.push(`${name} (${engines})`);
  }
  assert.deepEqual(refusing, [], `Node ${MINIMUM} is below what these dependencies need`);
  // node:zlib's zstd (the ORC writer and reader) came with 22.15.
  assert.ok(semver.satisfies(MINIMUM, ">=22.15.0"));
});

test("bin/rowforge.js on a Node older than engines says in one line which Node it needs and how to get it", (t) => {
  const old = "/usr/bin/node";
  const version = existsSync(old) ? execFileSync(old, ["--version"], { encoding: "utf8" }).trim() : "";
  const major = Number(/^v(\d+)/.exec(version)?.[1] ?? "0");
  if (major === 0 || major >= 22) {
    t.skip(`no Node older than 22 at ${old} (${version || "none"})`);
    return;
  }
  const r = spawnSync(old, [CLI, "--version"], { encoding: "utf8" });
  assert.equal(r.status, 1, r.stderr);
  assert.equal(r.stdout, "");
  const lines = r.stderr.trimEnd().split("\n");
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0]!, new RegExp(`needs Node\\.js ${MINIMUM!.replaceAll(".", "\\.")} or newer`));
  assert.match(lines[0]!, new RegExp(version.replaceAll(".", "\\.")));
  assert.match(lines[0]!, /npx rowforge/);
  assert.doesNotMatch(r.stderr, /SyntaxError/);
});
