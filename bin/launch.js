// Loaded by bin/rowforge.js once the Node version is known to be new enough. rowforge runs the
// bundle scripts/build.ts makes at install (dist/), or its TypeScript sources directly through
// Node's type stripping (on by default since Node 22.18; the project's own scripts bring Node 24).
import { fileURLToPath } from "node:url";
import { bundleIsFresh } from "./build-stamp.js";
import { resolveBundleChunks } from "./bundle-resolve.js";
import { enableCompileCache } from "./compile-cache.js";

// Node's compile cache (bin/compile-cache.js): the stripped, compiled modules between runs.
enableCompileCache(fileURLToPath(new URL("..", import.meta.url)));

/**
 * Runs the CLI: the bundle `npm install` builds (dist/) while it matches the sources, else the
 * sources, saying so in one line on stderr unless ROWFORGE_FROM_SOURCE=1 asked for them (a
 * stale bundle otherwise costs every start its type stripping without a word).
 */
async function runCli() {
  const fresh = bundleIsFresh(fileURLToPath(new URL("..", import.meta.url)));
  let entry = "../src/cli/main.ts";
  if (fresh) {
    entry = import.meta.resolve("../dist/cli.js");
    resolveBundleChunks(new URL(".", entry).href);
  } else if (process.env.ROWFORGE_FROM_SOURCE !== "1") {
    process.stderr.write(
      "rowforge: dist/ is missing or older than the sources, so the TypeScript sources run (a slower start); `npm run build` rebuilds it\n",
    );
  }
  const { main } = await import(entry);
  process.exitCode = await main(process.argv);
}

// `rowforge serve` runs under an explicit heap limit: Node's heap size is fixed when the
// process starts, so the server is started again as a child with --max-old-space-size.
// Other commands never load the child-process machinery this needs.
if (process.argv[2] === "serve") {
  const { followLauncher, serveHeapRelaunch } = await import("./serve-heap.js");
  const relaunched = serveHeapRelaunch(new URL("./rowforge.js", import.meta.url));
  if (relaunched) {
    process.exitCode = await relaunched;
  } else {
    followLauncher();
    await runCli();
  }
} else {
  await runCli();
}
