import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../support/run-cli.ts";

/** Folders of src/ and the folders of src/ their production code must not import: the layers point down. */
const LAYERS: readonly { readonly folder: string; readonly below: readonly string[] }[] = [
  // model is the lowest layer: config, engine and app import it, never the other way.
  { folder: "model", below: ["config", "engine", "app", "connectors", "formats", "store", "api", "cli"] },
  // config reads the user's files into the model; the names it needs from above (output kinds) are handed in.
  { folder: "config", below: ["connectors", "formats", "app", "api", "cli"] },
];

const SRC = join(REPO_ROOT, "src");
const isProduction = (file: string): boolean => file.endsWith(".ts") && !file.endsWith(".test.ts");

/** Relative module specifiers of static imports, re-exports and dynamic imports. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g))
    found.push(m[1]!);
  return found;
}

/** `file imports spec` for each import of `file` that lands in one of `forbidden` (folders of src/). */
export function upwardImports(file: string, text: string, forbidden: readonly string[]): string[] {
  return specifiers(text)
    .filter((spec) => {
      const target = relative(SRC, resolve(dirname(file), spec));
      return forbidden.some((f) => target === f || target.startsWith(`${f}/`));
    })
    .map((spec) => `${relative(REPO_ROOT, file)} imports ${spec}`);
}

for (const { folder, below } of LAYERS) {
  test(`src/${folder} imports nothing from ${below.join(", ")}`, () => {
    const root = join(SRC, folder);
    const files = readdirSync(root, { recursive: true, encoding: "utf8" })
      .map((f) => join(root, f))
      .filter(isProduction);
    assert.ok(files.length > 5, `expected to scan src/${folder}, found ${files.length} files`);
    const offending = files.flatMap((f) => upwardImports(f, readFileSync(f, "utf8"), below));
    assert.deepEqual(offending, [], `src/${folder} sits below these layers: pass what it needs in instead`);
  });
}

test("the scan sees an upward import, static or dynamic, and lets a downward one through", () => {
  const file = join(SRC, "config/resolve/x.ts");
  const text =
    'import { a } from "../../connectors/registry.ts";\nimport { b } from "../../model/index.ts";\nconst c = await import("../../formats/format.ts");\n';
  assert.deepEqual(upwardImports(file, text, ["connectors", "formats"]), [
    "src/config/resolve/x.ts imports ../../connectors/registry.ts",
    "src/config/resolve/x.ts imports ../../formats/format.ts",
  ]);
});
