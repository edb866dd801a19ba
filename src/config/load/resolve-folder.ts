import { existsSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";

export interface FolderResolution {
  /** The first candidate that exists (a folder; for `want: "file"` the folder of the file). */
  readonly folder: string | undefined;
  /** Every candidate looked at, in order, for messages. */
  readonly tried: readonly string[];
}

export interface FolderLookup {
  /** The working folder. */
  readonly cwd: string;
  /** The folder of the application configuration: Data Caterer's classpath fallback. */
  readonly configDir?: string | undefined;
  /** Folders tried after the configured one (a `task/` folder beside the plan, ...). */
  readonly fallbacks?: readonly string[];
  /** `file` for planFilePath: the configured path names a file and its folder is wanted. */
  readonly want?: "folder" | "file";
}

const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory();

/**
 * Finds a configured folder the way Data Caterer finds it: a relative path from the working
 * folder, then from the configuration file's own folder (where Data Caterer's classpath
 * lookup lands), then the given fallbacks. `run`, `validate` and the server share it.
 */
export function resolveFolder(configured: string | undefined, lookup: FolderLookup): FolderResolution {
  const candidates: string[] = [];
  const c = configured?.trim();
  if (c) {
    if (isAbsolute(c)) candidates.push(c);
    else {
      candidates.push(resolve(lookup.cwd, c));
      if (lookup.configDir) candidates.push(resolve(lookup.configDir, c));
    }
  }
  candidates.push(...(lookup.fallbacks ?? []).map((f) => resolve(f)));
  const tried = [...new Set(candidates)];
  for (const p of tried) {
    if (isDir(p)) return { folder: p, tried };
    if (lookup.want === "file" && existsSync(p)) return { folder: dirname(p), tried };
  }
  return { folder: undefined, tried };
}

/** Where Data Caterer users keep task files relative to a plan file's folder. */
export const taskFallbacksOf = (planDir: string): string[] => [
  join(planDir, "..", "task"),
  join(planDir, "task"),
  join(planDir, "tasks"),
  join(planDir, "..", "tasks"),
];

/** Where validation files sit relative to a plan file's folder. */
export const validationFallbacksOf = (planDir: string): string[] => [
  join(planDir, "..", "validation"),
  join(planDir, "validation"),
];
