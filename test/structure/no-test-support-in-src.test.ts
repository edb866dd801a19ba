import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../support/run-cli.ts";

const SRC = join(REPO_ROOT, "src");
/** Folders outside src/ that production code must never reach. */
const TEST_ONLY = ["test", "bench"].map((d) => join(REPO_ROOT, d));
/** Names the old in-src helpers used: none may come back under src/. */
const HELPER_NAME = /(^|[/.-])(test-support|test-fixtures|test-kit|bench)([/.-]|$)/;

const isProduction = (file: string): boolean => file.endsWith(".ts") && !file.endsWith(".test.ts");
const srcFiles = (): string[] =>
  readdirSync(SRC, { recursive: true, encoding: "utf8" }).map((f) => join(SRC, f));

/** The module specifiers of a file's static and dynamic imports and re-exports. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/g))
    found.push(m[1]!);
  for (const m of text.matchAll(/(?:^|\n)\s*import\s*["']([^"']+)["']/g)) found.push(m[1]!);
  for (const m of text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push(m[1]!);
  return found;
}

test("no production file under src/ imports test support or benches", () => {
  const offenders: string[] = [];
  let scanned = 0;
  for (const file of srcFiles().filter(isProduction)) {
    scanned++;
    for (const spec of specifiers(readFileSync(file, "utf8"))) {
      if (!spec.startsWith(".")) continue;
      const target = resolve(dirname(file), spec);
      if (
        TEST_ONLY.some((d) => target.startsWith(`${d}/`)) ||
        HELPER_NAME.test(relative(REPO_ROOT, target))
      ) {
        offenders.push(`${relative(REPO_ROOT, file)} imports ${spec}`);
      }
    }
  }
  assert.ok(scanned > 100, `scanned only ${scanned} production files: is src/ where the test thinks?`);
  assert.deepEqual(
    offenders,
    [],
    "production code must not import test support (move the helper into src/ or the import out)",
  );
});

test("no test-support, fixture-kit or bench files live under src/ (they belong in test/support/ and bench/)", () => {
  const misplaced = srcFiles()
    .map((f) => relative(SRC, f))
    .filter((f) => HELPER_NAME.test(f));
  assert.deepEqual(misplaced, []);
});

test("the scan sees a test-support import when there is one", () => {
  const text =
    'import { a } from "../../test/support/rows.ts";\nexport { b } from "./x-test-kit.ts";\nawait import("../bench/y.ts");\n';
  assert.deepEqual(specifiers(text), ["../../test/support/rows.ts", "./x-test-kit.ts", "../bench/y.ts"]);
});
