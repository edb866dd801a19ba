import { lstat, readdir, readFile, rm, rmdir } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { FileOptions } from "./file-options.ts";

/**
 * What one run wrote into one output: kept beside the data as a dot-file (readers of the
 * folder skip it), so delete mode removes exactly the files a plan's runs created, with or
 * without a server and its store, and overwrite removes only what rowforge wrote.
 */
export interface OutputManifest {
  readonly runId: string;
  readonly plan: string;
  readonly step: string;
  readonly records: number;
  /** Paths relative to the manifest's folder. */
  readonly files: readonly string[];
  /**
   * How many folders the run created for the output, counted from the manifest's folder
   * upwards (1: that folder, 2: it and its parent, ...): delete mode removes those it leaves
   * empty, and never a folder that was there before.
   */
  readonly createdFolders?: number;
}

/** The most folders a manifest can say its run created (more is a tampered manifest). */
const MAX_CREATED_FOLDERS = 64;

/** `.rowforge-<run>.manifest`: hidden from Spark-style readers, and no `*.json` glob picks it up. */
const MANIFEST = /^\.rowforge-(.+)\.manifest$/;

/** The output's lock file (see output-lock.ts): `.rowforge-lock` in a folder output. */
export const LOCK_NAME = ".rowforge-lock";

export function manifestFolder(opts: FileOptions): string {
  return opts.singleFile ? dirname(opts.path) : opts.path;
}

export function manifestName(opts: FileOptions, runId: string): string {
  return opts.singleFile
    ? `.${basename(opts.path)}.rowforge-${runId}.manifest`
    : `.rowforge-${runId}.manifest`;
}

/** The lock file of an output: in the folder, or beside a single file. */
export function lockPath(opts: FileOptions, realFolder: string): string {
  return opts.singleFile
    ? join(realFolder, `.${basename(opts.path)}${LOCK_NAME}`)
    : join(realFolder, LOCK_NAME);
}

export function manifestText(
  opts: FileOptions,
  m: Omit<OutputManifest, "files">,
  outputs: readonly string[],
): string {
  const folder = manifestFolder(opts);
  const manifest: OutputManifest = { ...m, files: outputs.map((o) => relative(folder, o)) };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** `rel` resolved inside `folder`, or undefined when it points outside (a tampered manifest). */
export function insideFolder(folder: string, rel: string): string | undefined {
  if (typeof rel !== "string" || rel === "" || isAbsolute(rel)) return undefined;
  const full = resolve(folder, rel);
  const back = relative(folder, full);
  return back === "" || back === ".." || back.startsWith(`..${sep}`) || isAbsolute(back) ? undefined : full;
}

async function readManifest(path: string): Promise<OutputManifest | undefined> {
  try {
    const v = JSON.parse(await readFile(path, "utf8")) as Partial<OutputManifest> | null;
    if (!v || typeof v !== "object" || !Array.isArray(v.files)) return undefined;
    return {
      runId: String(v.runId ?? ""),
      plan: String(v.plan ?? ""),
      step: String(v.step ?? ""),
      records: typeof v.records === "number" ? v.records : 0,
      files: v.files.filter((f): f is string => typeof f === "string"),
      createdFolders:
        Number.isInteger(v.createdFolders) && v.createdFolders! > 0
          ? Math.min(v.createdFolders!, MAX_CREATED_FOLDERS)
          : 0,
    };
  } catch {
    return undefined;
  }
}

export interface FoundManifest {
  /** The manifest's file name in the manifest folder. */
  readonly name: string;
  /** Undefined when the manifest cannot be read. */
  readonly manifest: OutputManifest | undefined;
}

/** The manifests of this output (a folder's, or those of one single file), by name. */
export async function manifestsOf(opts: FileOptions): Promise<FoundManifest[]> {
  const folder = manifestFolder(opts);
  const names = await readdir(folder).catch(() => [] as string[]);
  const prefix = opts.singleFile ? `.${basename(opts.path)}` : "";
  const found: FoundManifest[] = [];
  for (const name of names.sort()) {
    if (!name.startsWith(prefix) || !MANIFEST.test(name.slice(prefix.length))) continue;
    found.push({ name, manifest: await readManifest(join(folder, name)) });
  }
  return found;
}

export interface DeleteResult {
  readonly records: number;
  readonly files: readonly string[];
  readonly runs: readonly string[];
  /**
   * Folders the deleted runs created around the output (the manifest's folder, then its
   * parents), innermost first: to remove, while empty, once the output's lock is released.
   */
  readonly createdFolders: readonly string[];
}

/**
 * Deletes what earlier runs of this plan's step wrote to this output: their files, the
 * folders under the output that held them and are left empty (partition folders), their
 * manifests, and a folder output's `_SUCCESS` marker once no rowforge output is left in the
 * folder (rowforge's is empty; one with content is someone else's and stays).
 */
export async function deleteFromManifests(
  opts: FileOptions,
  plan: string,
  step: string,
  onlyRuns?: readonly string[],
): Promise<DeleteResult> {
  const folder = manifestFolder(opts);
  let records = 0;
  let created = 0;
  const files: string[] = [];
  const runs: string[] = [];
  const found = await manifestsOf(opts);
  let left = found.length;
  for (const { name, manifest } of found) {
    if (!manifest || manifest.plan !== plan || manifest.step !== step) continue;
    if (onlyRuns && !onlyRuns.includes(manifest.runId)) continue;
    for (const f of manifest.files) {
      const full = insideFolder(folder, f);
      if (!full) continue;
      await rm(full, { force: true });
      files.push(full);
      await removeEmptyFolders(dirname(full), folder);
    }
    await rm(join(folder, name), { force: true });
    left--;
    records += manifest.records;
    created = Math.max(created, manifest.createdFolders ?? 0);
    runs.push(manifest.runId);
  }
  if (!opts.singleFile && left === 0 && runs.length > 0) {
    const marker = join(folder, "_SUCCESS");
    const s = await lstat(marker).catch(() => undefined);
    if (s?.isFile() && s.size === 0) await rm(marker, { force: true });
  }
  const createdFolders: string[] = [];
  for (let k = 0, d = resolve(folder); k < created && dirname(d) !== d; k++, d = dirname(d))
    createdFolders.push(d);
  return { records, files, runs, createdFolders };
}

/** Removes a folder if it is empty; whether it did. */
export const removeIfEmpty = (folder: string): Promise<boolean> =>
  rmdir(folder).then(
    () => true,
    () => false,
  );

/** Removes `from` and its parents while they are empty, up to (not including) `root`. */
export async function removeEmptyFolders(from: string, root: string): Promise<void> {
  const top = resolve(root);
  for (let d = resolve(from); d !== top && d.startsWith(`${top}${sep}`); d = dirname(d))
    if (!(await removeIfEmpty(d))) return;
}
