import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { test } from "node:test";
import { compileCacheFolder } from "../../bin/compile-cache.js";
import { fixtureDir } from "../support/fixture-dir.ts";

test("the compile cache has one folder per install and build: a new build's first start removes the install's older builds, not its sources' folder nor other installs'", () => {
  const base = join(fixtureDir({}), "cache");
  const install = fixtureDir({ "dist/build.json": '{"files":1,"newest":1}\n' });
  const other = fixtureDir({ "dist/build.json": '{"files":1,"newest":1}\n' });
  const made = (folder: string): string => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "entry"), "compiled");
    return folder;
  };
  const first = made(compileCacheFolder(install, base));
  assert.equal(dirname(first), base);
  assert.equal(compileCacheFolder(install, base), first, "the same build: the same folder");
  const otherFolder = made(compileCacheFolder(other, base));
  assert.notEqual(otherFolder, first, "another install: a folder of its own");
  writeFileSync(join(install, "dist", "build.json"), '{"files":2,"newest":2}\n');
  const rebuilt = made(compileCacheFolder(install, base));
  assert.equal(existsSync(first), false, "a new build's first start removes the older build's folder");

  rmSync(join(install, "dist"), { recursive: true });
  const sources = made(compileCacheFolder(install, base));
  assert.match(basename(sources), /-sources$/, "no bundle: the install's sources folder");
  assert.equal(existsSync(rebuilt), false, "the bundle gone, its build's folder goes too");

  mkdirSync(join(install, "dist"));
  writeFileSync(join(install, "dist", "build.json"), '{"files":2,"newest":5}\n');
  const second = made(compileCacheFolder(install, base));
  assert.notEqual(second, rebuilt);
  assert.ok(existsSync(sources), "the install's sources folder stays");
  assert.ok(existsSync(otherFolder), "another install's folder stays");
  assert.deepEqual(
    readdirSync(base).sort(),
    [basename(second), basename(otherFolder), basename(sources)].sort(),
  );
});
