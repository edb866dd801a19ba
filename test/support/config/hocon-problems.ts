import assert from "node:assert/strict";
import { parseHocon } from "../../../src/config/index.ts";
import type { Diagnostic } from "../../../src/errors/diagnostic.ts";

/** Test helper: the parsed value as ordinary JSON data (objects with the usual prototype). */
export function parseOk(text: string, env: Record<string, string> = {}): unknown {
  const result = parseHocon(text, { file: "test.conf", env });
  assert.deepEqual(result.diagnostics, [], `unexpected diagnostics for:\n${text}`);
  return JSON.parse(JSON.stringify(result.value));
}

/** Test helper: the diagnostics as `code line:column message` strings. */
export function problems(text: string, env: Record<string, string> = {}): string[] {
  return parseHocon(text, { file: "test.conf", env }).diagnostics.map(describe);
}

const describe = (d: Diagnostic): string =>
  `${d.code} ${d.location?.line ?? "?"}:${d.location?.column ?? "?"} ${d.message}`;
