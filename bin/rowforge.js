#!/usr/bin/env node
// rowforge runs its TypeScript sources directly through Node's type stripping (Node >= 22.18
// strips types by default; the project's own scripts bring Node 24).
import module from "node:module";
import { followLauncher, serveHeapRelaunch } from "./serve-heap.js";

// Node's compile cache keeps the stripped, compiled modules between runs (in the system temp
// folder unless NODE_COMPILE_CACHE names another): a start then skips type stripping, about
// 0.4 s. Worker threads read the variable, so they share the cache.
const cache = module.enableCompileCache?.();
if (cache?.directory && process.env.NODE_COMPILE_CACHE === undefined) {
  process.env.NODE_COMPILE_CACHE = cache.directory;
}

// `rowforge serve` runs under an explicit heap limit: Node's heap size is fixed when the
// process starts, so the server is started again as a child with --max-old-space-size.
const relaunched = serveHeapRelaunch(new URL(import.meta.url));
if (relaunched) {
  process.exitCode = await relaunched;
} else {
  followLauncher();
  const { main } = await import("../src/cli/main.ts");
  process.exitCode = await main(process.argv);
}
