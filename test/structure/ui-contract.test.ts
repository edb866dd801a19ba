import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { UI_SHARED_SOURCES } from "../../src/api/ui/build-ui.ts";
import { REPO_ROOT } from "../support/run-cli.ts";

/**
 * The web UI takes the API's types from the server's contract (src/api/contract.ts), only as
 * types (`import type` is erased from the browser bundle, so no server code ships), and runs the
 * few portable modules it shares with the server (UI_SHARED_SOURCES: they import nothing). The contract and what it reaches stay pure (typebox and plain data),
 * so the UI's own type check (DOM, no Node types) can read them.
 */

const SRC = join(REPO_ROOT, "src");
const UI = join(SRC, "ui");
const CONTRACT = join(SRC, "api/contract.ts");
const SHARED = UI_SHARED_SOURCES.map((path) => join(REPO_ROOT, path));

interface ImportLine {
  readonly text: string;
  readonly spec: string;
  readonly typeOnly: boolean;
}

/** The static imports and re-exports of a module's text. */
export function importLines(text: string): ImportLine[] {
  const found: ImportLine[] = [];
  for (const m of text.matchAll(/^(import|export)\s+(type\s+)?[^;]*?\bfrom\s*["']([^"']+)["']/gms))
    found.push({ text: m[0].replace(/\s+/g, " "), spec: m[3]!, typeOnly: m[2] !== undefined });
  for (const m of text.matchAll(/^import\s*["']([^"']+)["']/gm))
    found.push({ text: m[0], spec: m[1]!, typeOnly: false });
  return found;
}

const uiFiles = (): string[] =>
  readdirSync(UI, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(UI, f));

test("src/ui imports from outside itself only types from src/api/contract.ts and the shared modules", () => {
  const offending: string[] = [];
  let contractUses = 0;
  for (const file of uiFiles()) {
    for (const i of importLines(readFileSync(file, "utf8"))) {
      if (!i.spec.startsWith(".")) continue;
      const target = resolve(dirname(file), i.spec);
      if (target.startsWith(`${UI}/`)) continue;
      if (target === CONTRACT && i.typeOnly) contractUses++;
      else if (!SHARED.includes(target)) offending.push(`${relative(REPO_ROOT, file)}: ${i.text}`);
    }
  }
  assert.deepEqual(
    offending,
    [],
    "browser code may only `import type` from src/api/contract.ts and import the shared modules",
  );
  assert.ok(
    contractUses >= 3,
    `expected the UI to take its API types from the contract, found ${contractUses}`,
  );
});

test("the modules the UI shares with the server import nothing, so the browser bundle runs them as they are", () => {
  assert.ok(SHARED.length > 0);
  for (const file of SHARED) assert.deepEqual(importLines(readFileSync(file, "utf8")), [], file);
});

test("the contract and every module it reaches import only typebox and each other, no Node module", () => {
  const seen = new Set<string>();
  const offending: string[] = [];
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const i of importLines(readFileSync(file, "utf8"))) {
      if (i.spec.startsWith(".")) visit(resolve(dirname(file), i.spec));
      else if (i.spec !== "typebox" && !i.spec.startsWith("typebox/"))
        offending.push(`${relative(REPO_ROOT, file)}: ${i.text}`);
    }
  };
  visit(CONTRACT);
  assert.deepEqual(offending, [], "the contract is read by the browser's type check: keep it pure");
  assert.ok(seen.size > 3, `expected to walk the contract's modules, walked ${seen.size}`);
});

test("the scan tells type-only imports from runtime ones, across lines", () => {
  const text = [
    'import type { A } from "../../api/contract.ts";',
    'import {\n  b,\n  type C,\n} from "./b.ts";',
    'export type { D } from "../../api/contract.ts";',
    'import "./styles.css";',
  ].join("\n");
  assert.deepEqual(
    importLines(text).map((i) => [i.spec, i.typeOnly]),
    [
      ["../../api/contract.ts", true],
      ["./b.ts", false],
      ["../../api/contract.ts", true],
      ["./styles.css", false],
    ],
  );
});
