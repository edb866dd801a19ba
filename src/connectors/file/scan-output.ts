import type { Dirent } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import { basename, join, relative, resolve } from "node:path";
import type { FileOptions } from "./file-options.ts";
import { TAKEOVER_SUFFIX } from "./output-lock.ts";
import { insideFolder, LOCK_NAME, manifestFolder, manifestsOf } from "./output-manifest.ts";

/** What an output holds, split into what rowforge wrote and what it did not. */
export interface OutputScan {
  /** This output's manifests (file names in the manifest folder). */
  readonly manifests: readonly string[];
  /** Existing files its manifests name (absolute paths): rowforge's data. */
  readonly owned: readonly string[];
  /** rowforge's other files: the `_SUCCESS` marker and temporaries (`_temporary-<run>`) of earlier runs. */
  readonly markers: readonly string[];
  /** What rowforge did not write (paths relative to the output folder), sorted. */
  readonly foreign: readonly string[];
}

const MAX_DEPTH = 32;

/**
 * Sorts an output's files by who wrote them. Only files a manifest names, the manifests,
 * `_SUCCESS`, `_temporary-<run>` folders and the lock are rowforge's; everything else is
 * the user's, whatever its name (`.env`, `_notes.md`, `part-00000.json` of another tool).
 * `runId` is the scanning run: its own temporary folder is neither.
 */
export async function scanOutput(opts: FileOptions, runId: string): Promise<OutputScan> {
  const folder = resolve(manifestFolder(opts));
  const found = await manifestsOf(opts);
  const named = new Set<string>();
  for (const { manifest } of found) {
    for (const f of manifest?.files ?? []) {
      const full = insideFolder(folder, f);
      if (full) named.add(full);
    }
  }
  const manifests = found.map((m) => m.name);
  if (opts.singleFile) {
    const path = resolve(opts.path);
    const s = await lstat(path).catch(() => undefined);
    const mine = s?.isFile() === true && named.has(path);
    // Temporary files of earlier runs that did not finish: `.<file>.<run>.tmp`, `.<file>.rowforge-<run>.manifest.tmp`.
    const base = basename(path);
    const stale = (await readdir(folder).catch(() => [] as string[])).filter(
      (n) =>
        n.startsWith(`.${base}.`) &&
        n.endsWith(".tmp") &&
        n !== `.${base}.${runId}.tmp` &&
        n !== `.${base}.rowforge-${runId}.manifest.tmp`,
    );
    return {
      manifests,
      owned: mine ? [path] : [],
      markers: stale.sort().map((n) => join(folder, n)),
      foreign: s && !mine ? [basename(opts.path)] : [],
    };
  }
  const owned: string[] = [];
  const markers: string[] = [];
  const foreign: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = join(dir, e.name);
      if (dir === folder && e.name === `_temporary-${runId}`) continue;
      if (dir === folder && isOwnEntry(e, manifests, runId)) {
        if (e.name === "_SUCCESS" || e.name.startsWith("_temporary-")) markers.push(full);
        continue;
      }
      if (e.isDirectory() && depth < MAX_DEPTH) await walk(full, depth + 1);
      else if (e.isFile() && named.has(full)) owned.push(full);
      else foreign.push(relative(folder, full));
    }
  };
  await walk(folder, 0);
  return { manifests, owned: owned.sort(), markers: markers.sort(), foreign: foreign.sort() };
}

/** rowforge's own entries at the top of a folder output (apart from the data its manifests name). */
function isOwnEntry(e: Dirent, manifests: readonly string[], runId: string): boolean {
  if (e.isFile())
    return (
      e.name === "_SUCCESS" ||
      e.name === LOCK_NAME ||
      e.name === `${LOCK_NAME}${TAKEOVER_SUFFIX}` ||
      manifests.includes(e.name)
    );
  return e.isDirectory() && e.name.startsWith("_temporary-") && e.name !== `_temporary-${runId}`;
}
