/**
 * The `require` the bundle's ES modules give the CommonJS packages bundled into them, and its
 * removal from the files that never call it. esbuild writes a banner into every file of dist/
 * (some 175), but only the few holding CommonJS code use it, and each `createRequire` costs
 * about 0.2 ms of CPU at load: a small `run` links some 80 files, one of which needs it.
 */
import { readFileSync, writeFileSync } from "node:fs";

/** Prepended to every file of dist/ by esbuild (its `banner.js` option). */
export const REQUIRE_BANNER =
  'import { createRequire as __rowforgeRequire } from "node:module"; const require = __rowforgeRequire(import.meta.url);';

/**
 * Removes the banner from each of `files` (JavaScript files of dist/) whose code never names
 * `require`: nothing there can call it. Returns how many files kept it.
 */
export function dropUnusedRequireBanner(files: readonly string[]): number {
  let kept = 0;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    if (!text.startsWith(REQUIRE_BANNER)) continue;
    const code = text.slice(REQUIRE_BANNER.length);
    if (/\brequire\b/.test(code)) kept++;
    else writeFileSync(file, code.replace(/^\r?\n/, ""));
  }
  return kept;
}
