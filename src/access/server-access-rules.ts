import { isAbsolute, join, resolve } from "node:path";
import type { ContainedRules } from "./access-rules.ts";

/** What the operator of a server chose (`rowforge serve --data-dir`, `--output-dir`, `--allow-url`). */
export interface ServerAccessChoice {
  /** Folders plans may read files from; default `<home>/data`. */
  readonly dataDirs?: readonly string[];
  /** Folders plans may write outputs under; default the data folders. */
  readonly outputDirs?: readonly string[];
  /** URL prefixes plans may reach; default none. */
  readonly allowUrls?: readonly string[];
}

export interface ServerFacts {
  readonly home: string;
  /** The configuration's plan, task and validation folders: always readable (the server's own inputs). */
  readonly configFolders: readonly (string | undefined)[];
  /** The paths of the configuration's own file connections: always written (and read back) as the operator set them. */
  readonly configOutputs?: readonly string[];
  readonly transformationsFolder: string;
  readonly configPath: string | undefined;
}

/** The default data folder of a home: where relative paths of plans sent over HTTP go. */
export const homeDataFolder = (home: string): string => join(resolve(home), "data");

/**
 * The contained rules of a server: reads under the data folders (default `<home>/data`) and
 * the configuration's own folders, writes under the output folders (default the data
 * folders) and the paths of the configuration's file connections (never elsewhere in the
 * home), URLs only from the allow-list, and never the store, the transformations, the server
 * file or the configuration.
 */
export function serverAccessRules(choice: ServerAccessChoice, facts: ServerFacts): ContainedRules {
  const home = resolve(facts.home);
  const given = (dirs: readonly string[] | undefined) =>
    dirs !== undefined && dirs.length > 0 ? dirs.map((d) => resolve(d)) : undefined;
  const data = given(choice.dataDirs) ?? [homeDataFolder(home)];
  const own = facts.configFolders.filter((d): d is string => d !== undefined).map((d) => resolve(d));
  return {
    kind: "contained",
    readDirs: [...new Set([...data, ...own])],
    outputDirs: [
      ...new Set([
        ...(given(choice.outputDirs) ?? data),
        ...(facts.configOutputs ?? []).filter((p) => isAbsolute(p)).map((p) => resolve(p)),
      ]),
    ],
    allowUrls: (choice.allowUrls ?? []).map((u) => u.trim()).filter((u) => u !== ""),
    sealed: [
      join(home, "store"),
      join(home, "server.json"),
      resolve(facts.transformationsFolder),
      ...(facts.configPath ? [resolve(facts.configPath)] : []),
    ],
    home,
  };
}
