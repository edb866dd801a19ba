/**
 * Loaded with `--import` into a rowforge process: when the process exits, writes the URL of
 * every module it loaded (import and require alike, this thread), one per line, to the file
 * $ROWFORGE_TRACE_MODULES names. test/e2e/startup-modules.test.ts reads it.
 */
import { writeFileSync } from "node:fs";
import { registerHooks } from "node:module";

const target = process.env.ROWFORGE_TRACE_MODULES;
if (target) {
  const seen = new Set<string>();
  registerHooks({
    load(url, context, nextLoad) {
      seen.add(url);
      return nextLoad(url, context);
    },
  });
  process.on("exit", () => writeFileSync(target, [...seen].join("\n")));
}
