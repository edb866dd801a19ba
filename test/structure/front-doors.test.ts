import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { specifiers } from "../support/import-graph.ts";
import { REPO_ROOT } from "../support/run-cli.ts";

/** Folders whose index.ts is the only way in for production code outside them. */
const FRONT_DOORS = ["src/engine", "src/engine/sql", "src/engine/rng", "src/quality", "src/metadata"];
/**
 * The second doors: the SQL compiler, which index.ts only loads on demand (loadSqlCompiler), is
 * imported statically by code that itself loads only with SQL (the quality engine, the docs).
 */
const SIDE_DOORS: Readonly<Record<string, readonly string[]>> = {
  "src/engine": ["sql-compiler.ts"],
  "src/engine/sql": ["sql-compiler.ts"],
};
/** Where production code lives (tests and benches may reach internals they test). */
const PRODUCTION = ["src", "workers", "scripts", "bin"];

const isProduction = (file: string): boolean =>
  /\.(ts|js)$/.test(file) && !file.endsWith(".test.ts") && !file.endsWith(".suite.ts");
const productionFiles = (): string[] =>
  PRODUCTION.flatMap((d) =>
    readdirSync(join(REPO_ROOT, d), { recursive: true, encoding: "utf8" }).map((f) => join(REPO_ROOT, d, f)),
  ).filter(isProduction);

/** `file imports spec` for each import of `file` that reaches into `folder` past its index.ts (and side doors). */
function pastTheDoor(
  folder: string,
  file: string,
  text: string,
  sideDoors: readonly string[] = [],
): string[] {
  const inside = `${folder}/`;
  if (file.startsWith(inside)) return [];
  const doors = new Set(["index.ts", ...sideDoors].map((d) => join(folder, d)));
  return specifiers(text)
    .filter((spec) => {
      const target = resolve(dirname(file), spec);
      return target.startsWith(inside) && !doors.has(target);
    })
    .map((spec) => `${relative(REPO_ROOT, file)} imports ${spec}`);
}

for (const door of FRONT_DOORS) {
  test(`outside ${door}, production code imports it only through ${door}/index.ts`, () => {
    const folder = join(REPO_ROOT, door);
    const files = productionFiles();
    assert.ok(files.length > 100, `expected to scan the source tree, found ${files.length} files`);
    const side = SIDE_DOORS[door] ?? [];
    const offending = files.flatMap((f) => pastTheDoor(folder, f, readFileSync(f, "utf8"), side));
    assert.deepEqual(offending, [], `import these through ${door}/index.ts (export them there if needed)`);
  });
}

test("the scan sees an import past a front door, and lets the door and the inside through", () => {
  const folder = join(REPO_ROOT, "src/engine/sql");
  const outside = join(REPO_ROOT, "src/engine/compile/x.ts");
  const text =
    'import { a } from "../sql/syntax/parser.ts";\nexport type { B } from "../sql/index.ts";\nconst c = await import("../sql/sql-contract.ts");\n';
  assert.deepEqual(pastTheDoor(folder, outside, text), [
    "src/engine/compile/x.ts imports ../sql/syntax/parser.ts",
    "src/engine/compile/x.ts imports ../sql/sql-contract.ts",
  ]);
  assert.deepEqual(
    pastTheDoor(folder, join(folder, "compile/y.ts"), 'import { p } from "../syntax/parser.ts";'),
    [],
  );
  const side = 'import { parseSql } from "../sql/sql-compiler.ts";';
  assert.deepEqual(pastTheDoor(folder, outside, side), [
    "src/engine/compile/x.ts imports ../sql/sql-compiler.ts",
  ]);
  assert.deepEqual(pastTheDoor(folder, outside, side, ["sql-compiler.ts"]), []);
});
