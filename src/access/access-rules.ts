/**
 * What the files and URLs a plan names may be, as plain data (so a worker thread can be given
 * the same rules): `open` for the CLI, which reads and writes whatever its user names, or
 * `contained` for the HTTP server, whose callers reach only what the operator allowed.
 */
export type AccessRules =
  | {
      readonly kind: "open";
      /** The folder relative paths are resolved against. */
      readonly cwd: string;
    }
  | ContainedRules;

export interface ContainedRules {
  readonly kind: "contained";
  /** Folders (absolute) files a plan names may be read from; relative paths are looked for in them, in order. */
  readonly readDirs: readonly string[];
  /** Folders (absolute) outputs may be written under; relative output paths go below the first. */
  readonly outputDirs: readonly string[];
  /** URL prefixes a plan may reach (`*`: any URL). */
  readonly allowUrls: readonly string[];
  /** Never read nor written, even inside an allowed folder: the store, the transformations, the server file, the configuration. */
  readonly sealed: readonly string[];
  /** rowforge's home: never written, but below `<home>/data`. */
  readonly home: string;
}
