import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { ERROR_CODES } from "../../src/errors/index.ts";
import { REPO_ROOT } from "../support/run-cli.ts";

const SRC = join(REPO_ROOT, "src");
const production = (): { file: string; text: string }[] =>
  readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .map((f) => ({ file: relative(REPO_ROOT, join(SRC, f)), text: readFileSync(join(SRC, f), "utf8") }));

/** Lines of production files outside the given folders that match a pattern. */
function hits(pattern: RegExp, outside: readonly string[]): string[] {
  const found: string[] = [];
  for (const { file, text } of production()) {
    if (outside.some((p) => file.startsWith(p))) continue;
    text.split("\n").forEach((line, i) => {
      if (pattern.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

test("production code outside src/engine throws RowforgeError with a catalogue code, never a plain Error", () => {
  assert.deepEqual(hits(/\bnew Error\(/, ["src/engine/"]), []);
});

test("the catch-all RF_VALUE_INVALID is gone from the CLI, config, formats, store, API and app services", () => {
  // The engine, the connectors and the run loop are split in their own parts of issue 13.
  const allowed = ["src/engine/", "src/connectors/", "src/app/runs/run-plan.ts", "src/errors/error-codes.ts"];
  assert.deepEqual(hits(/"RF_VALUE_INVALID"|\bRF_VALUE_INVALID:/, allowed), []);
});

test("the codes that replace it are in the catalogue with a 4xx status, a title and a hint", () => {
  for (const code of [
    "RF_CLI_FLAG_INVALID",
    "RF_OPTION_INVALID",
    "RF_FORMAT_OPTION_INVALID",
    "RF_FORMAT_TYPE_UNSUPPORTED",
    "RF_NAME_INVALID",
    "RF_REQUEST_INVALID",
    "RF_RECORD_INVALID",
    "RF_TRANSFORMATION_FAILED",
  ] as const) {
    const info = ERROR_CODES[code];
    assert.ok(info.status >= 400 && info.status < 500, code);
    assert.ok(info.title.length > 0 && info.hint.length > 0, code);
  }
});
