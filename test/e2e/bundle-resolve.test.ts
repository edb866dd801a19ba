import assert from "node:assert/strict";
import { realpathSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { resolveBundleChunks } from "../../bin/bundle-resolve.js";
import { fixtureDir } from "../support/fixture-dir.ts";

// The launcher's resolve hook (bin/bundle-resolve.js), registered in this test's own process
// for a bundle folder of its own: it answers the bundle's "./chunk-*.js" imports itself, and
// every other import is Node's to resolve. Its dist/package.json says "commonjs", so a chunk
// that loads as an ES module was resolved by the hook (Node would have read that scope), and a
// file Node resolves loads as CommonJS.
const root = realpathSync(
  fixtureDir({
    "dist/package.json": '{"type": "commonjs"}',
    "dist/entry.mjs": "export const load = (specifier) => import(specifier);",
    "dist/chunk-a1.js": "export const url = import.meta.url;",
    "dist/other.js": "module.exports = { kind: 'commonjs' };",
    "elsewhere/real-chunk.js": "export const url = import.meta.url;",
    "dist/node_modules/some-package/package.json": '{"name": "some-package", "main": "main.js"}',
    "dist/node_modules/some-package/main.js": "module.exports = { kind: 'package' };",
    "outside/entry.mjs": "export const load = (specifier) => import(specifier);",
    "outside/chunk-a1.js": "module.exports = { kind: 'outside' };",
  }),
);
symlinkSync(join(root, "elsewhere", "real-chunk.js"), join(root, "dist", "chunk-linked.js"));
const distUrl = pathToFileURL(join(root, "dist")).href + "/";
resolveBundleChunks(distUrl);
const fromDist: { load: (s: string) => Promise<Record<string, unknown>> } = await import(
  `${distUrl}entry.mjs`
);

test("a chunk import of the bundle is answered by the hook: an ES module beside the importer, no package scope read, no symlink followed", async () => {
  assert.equal((await fromDist.load("./chunk-a1.js")).url, `${distUrl}chunk-a1.js`);
  // Node's own resolution would follow the link to elsewhere/real-chunk.js.
  assert.equal((await fromDist.load("./chunk-linked.js")).url, `${distUrl}chunk-linked.js`);
});

test("anything else falls through to Node's resolution: a bare package, a relative file that is no chunk, node: builtins", async () => {
  assert.deepEqual({ ...(await fromDist.load("some-package")).default! }, { kind: "package" });
  assert.deepEqual({ ...(await fromDist.load("./other.js")).default! }, { kind: "commonjs" });
  assert.equal(typeof (await fromDist.load("node:path")).join, "function");
});

test("a chunk name the bundle does not have fails with Node's own error, not the file system's", async () => {
  await assert.rejects(fromDist.load("./chunk-missing.js"), { code: "ERR_MODULE_NOT_FOUND" });
  await assert.rejects(fromDist.load("an-absent-package"), { code: "ERR_MODULE_NOT_FOUND" });
});

test("a chunk-named import from outside the bundle folder is Node's to resolve", async () => {
  const fromOutside: { load: (s: string) => Promise<Record<string, unknown>> } = await import(
    pathToFileURL(join(root, "outside", "entry.mjs")).href
  );
  assert.deepEqual({ ...(await fromOutside.load("./chunk-a1.js")).default! }, { kind: "outside" });
});
