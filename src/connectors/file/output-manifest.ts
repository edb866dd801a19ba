import { readdir, readFile, rm, rmdir, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";
import type { FileOptions } from "./file-options.ts";

/**
 * What one run wrote into one output: kept beside the data as a dot-file (readers of the
 * folder skip it), so delete mode removes exactly the files a plan's runs created, with or
 * without a server and its store.
 */
export interface OutputManifest {
  readonly runId: string;
  readonly plan: string;
  readonly step: string;
  readonly records: number;
  /** Paths relative to the manifest's folder. */
  readonly files: readonly string[];
}

/** `.rowforge-<run>.manifest`: hidden from Spark-style readers, and no `*.json` glob picks it up. */
const MANIFEST = /^\.rowforge-(.+)\.manifest$/;

function manifestFolder(opts: FileOptions): string {
  return opts.singleFile ? dirname(opts.path) : opts.path;
}

function manifestName(opts: FileOptions, runId: string): string {
  return opts.singleFile
    ? `.${basename(opts.path)}.rowforge-${runId}.manifest`
    : `.rowforge-${runId}.manifest`;
}

export async function writeManifest(
  opts: FileOptions,
  m: Omit<OutputManifest, "files">,
  outputs: readonly string[],
): Promise<void> {
  const folder = manifestFolder(opts);
  const manifest: OutputManifest = { ...m, files: outputs.map((o) => relative(folder, o)) };
  await writeFile(join(folder, manifestName(opts, m.runId)), `${JSON.stringify(manifest, null, 2)}\n`);
}

export interface DeleteResult {
  readonly records: number;
  readonly files: readonly string[];
  readonly runs: readonly string[];
}

/** Deletes what earlier runs of this plan's step wrote to this output, and their manifests. */
export async function deleteFromManifests(
  opts: FileOptions,
  plan: string,
  step: string,
): Promise<DeleteResult> {
  const folder = manifestFolder(opts);
  const names = await readdir(folder).catch(() => [] as string[]);
  const prefix = opts.singleFile ? `.${basename(opts.path)}` : "";
  let records = 0;
  const files: string[] = [];
  const runs: string[] = [];
  for (const name of names) {
    const m = MANIFEST.exec(name.slice(prefix.length));
    if (!m || !name.startsWith(prefix)) continue;
    let manifest: OutputManifest;
    try {
      manifest = JSON.parse(await readFile(join(folder, name), "utf8")) as OutputManifest;
    } catch {
      continue;
    }
    if (manifest.plan !== plan || manifest.step !== step) continue;
    for (const f of manifest.files) {
      const full = join(folder, f);
      if (!full.startsWith(folder)) continue;
      await rm(full, { force: true });
      files.push(full);
      if (dirname(full) !== folder) await rmdir(dirname(full)).catch(() => {});
    }
    await rm(join(folder, name), { force: true });
    records += manifest.records;
    runs.push(manifest.runId);
  }
  if (!opts.singleFile) {
    const left = await readdir(folder).catch(() => [] as string[]);
    if (left.length === 1 && left[0] === "_SUCCESS") {
      await rm(join(folder, "_SUCCESS"), { force: true });
      await rmdir(folder).catch(() => {});
    }
  }
  return { records, files, runs };
}
