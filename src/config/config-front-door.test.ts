import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const configDir = dirname(fileURLToPath(import.meta.url));
const repo = resolve(configDir, "..", "..");
const frontDoor = join(configDir, "index.ts");

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return tsFiles(p);
    return e.name.endsWith(".ts") ? [p] : [];
  });
}

/** Relative module specifiers of static imports, re-exports and dynamic imports. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)"(\.{1,2}\/[^"]+)"/g))
    found.push(m[1]!);
  return found;
}

/** Everything outside src/config that may import it: code, scripts, benches and the tests in test/. */
const SCANNED = ["src", "workers", "bin", "scripts", "bench", "test"];

test("outside src/config, code, scripts, benches and tests import the configuration layer only through src/config/index.ts", () => {
  const outside = SCANNED.flatMap((d) => tsFiles(join(repo, d))).filter(
    (f) => !f.startsWith(`${configDir}/`),
  );
  for (const d of SCANNED.filter((x) => x !== "bin"))
    assert.ok(
      outside.some((f) => f.startsWith(join(repo, d, "/"))),
      `expected to scan ${d}/, found no file there`,
    );
  assert.ok(outside.length > 100, `expected to scan the source tree, found ${outside.length} files`);
  const offending: string[] = [];
  for (const file of outside) {
    for (const spec of specifiers(readFileSync(file, "utf8"))) {
      const target = resolve(dirname(file), spec);
      if (target.startsWith(`${configDir}/`) && target !== frontDoor)
        offending.push(`${relative(repo, file)} imports ${spec}`);
    }
  }
  assert.deepEqual(offending, [], "import these through src/config/index.ts (export them there if needed)");
});

test("the scan sees a deep import when there is one", () => {
  assert.deepEqual(
    specifiers('import { x } from "../config/read/read-task.ts";\nexport { y } from "./z.ts";'),
    ["../config/read/read-task.ts", "./z.ts"],
  );
});
