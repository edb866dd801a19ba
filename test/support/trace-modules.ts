/**
 * Loaded with `--import` into a rowforge process: when the process exits, writes the URL of
 * every module it resolved (import and require alike, this thread), one per line, to the file
 * $ROWFORGE_TRACE_MODULES names. test/e2e/startup-modules.test.ts reads it.
 */
import { writeFileSync } from "node:fs";
import { registerHooks } from "node:module";

const target = process.env.ROWFORGE_TRACE_MODULES;
if (target) {
  const seen = new Set<string>();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      seen.add(resolved.url);
      return resolved;
    },
  });
  process.on("exit", () => writeFileSync(target, [...seen].join("\n")));
}
