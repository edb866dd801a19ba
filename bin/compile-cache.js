// Node's compile cache keeps the stripped, compiled modules between runs: a start then skips
// type stripping, about 0.4 s. Node keys its entries by file path, and every build names the
// bundle's chunks anew (dist/chunk-<hash>.js), so one shared folder would keep every build's
// chunks for ever. rowforge's folder is therefore its own, one per install and build, and
// a new build's first start removes the install's older ones.
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import module from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A short hash of a text (FNV-1a, 32 bits): names an install's folders without loading node:crypto. */
function shortHash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

/**
 * The compile cache folder of the install at `root` for its current build (dist/build.json; no
 * bundle: "sources"), under `base` (default: the system temp folder's rowforge-compile-cache).
 * When that folder does not exist yet, the install's folders of other builds are removed: once
 * per build, never on an ordinary start.
 */
export function compileCacheFolder(root, base = join(tmpdir(), "rowforge-compile-cache")) {
  let build = "sources";
  try {
    build = shortHash(readFileSync(join(root, "dist", "build.json"), "utf8"));
  } catch {}
  const install = shortHash(root);
  const folder = join(base, `${install}-${build}`);
  if (!statSync(folder, { throwIfNoEntry: false })) {
    let older = [];
    try {
      older = readdirSync(base).filter(
        (name) => name.startsWith(`${install}-`) && name !== `${install}-sources`,
      );
    } catch {}
    for (const name of older) rmSync(join(base, name), { recursive: true, force: true });
  }
  return folder;
}

/**
 * Turns Node's compile cache on for this process and the worker threads it starts (they read
 * NODE_COMPILE_CACHE): in the folder NODE_COMPILE_CACHE names, else in the install's folder for
 * its build (compileCacheFolder).
 */
export function enableCompileCache(root) {
  if (!module.enableCompileCache) return;
  const named = process.env.NODE_COMPILE_CACHE;
  const cache = module.enableCompileCache(named === undefined ? compileCacheFolder(root) : undefined);
  if (cache?.directory && named === undefined) process.env.NODE_COMPILE_CACHE = cache.directory;
}
