import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { type Env, loadProject, resolveFolder } from "../../config/index.ts";
import type { Diagnostic } from "../../errors/index.ts";
import type { Connection, RunConfiguration, Task, ValidationConfig } from "../../model/index.ts";
import { OUTPUT_KINDS } from "../output-kinds.ts";

/** What the server knows from its application configuration: settings, connections, folders. */
export interface ServiceConfig {
  readonly config: RunConfiguration;
  readonly configPath: string | undefined;
  readonly connections: ReadonlyMap<string, Connection>;
  /** Folder of the YAML plans (the directory of folders.planFilePath). */
  readonly planFolder: string | undefined;
  readonly taskFolder: string | undefined;
  readonly validationFolder: string | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/** A configured folder (or file's folder), relative paths from the working folder, then the configuration's folder. */
const folderOf = (
  p: string | undefined,
  cwd: string,
  configDir: string | undefined,
  want: "folder" | "file",
): string | undefined => {
  if (!p) return undefined;
  const found = resolveFolder(p, { cwd, configDir, want }).folder;
  if (found || want === "folder") return found;
  // A plan file that does not exist yet still names its folder.
  return resolveFolder(dirname(p), { cwd, configDir }).folder;
};

/** Loads the application configuration (and nothing else): `--config`, $APPLICATION_CONFIG_PATH, ./application.conf. */
export async function loadServiceConfig(
  configPath: string | undefined,
  env: Env,
  cwd: string,
): Promise<ServiceConfig> {
  const load = await loadProject([], {
    outputKinds: OUTPUT_KINDS,
    ...(configPath ? { configPath } : {}),
    env,
    cwd,
    lenientEnv: true,
  });
  const folders = load.config.folders;
  const configDir = load.configPath ? dirname(load.configPath) : undefined;
  return {
    config: load.config,
    configPath: load.configPath,
    connections: load.connections,
    planFolder: folderOf(folders.planFilePath, cwd, configDir, "file"),
    taskFolder: folderOf(folders.taskFolderPath, cwd, configDir, "folder"),
    validationFolder: folderOf(folders.validationFolderPath, cwd, configDir, "folder"),
    diagnostics: load.diagnostics,
  };
}

export interface FolderContent {
  readonly tasks: ReadonlyMap<string, Task>;
  readonly validations: ReadonlyMap<string, ValidationConfig>;
  readonly diagnostics: readonly Diagnostic[];
}

/** The tasks of the task folder and the validation files (read for each request, so edits show at once). */
export async function loadFolders(sc: ServiceConfig, env: Env, cwd: string): Promise<FolderContent> {
  const paths = [sc.taskFolder, sc.validationFolder].filter(
    (p): p is string => p !== undefined && existsSync(p),
  );
  if (paths.length === 0) return { tasks: new Map(), validations: new Map(), diagnostics: [] };
  const load = await loadProject(paths, {
    outputKinds: OUTPUT_KINDS,
    ...(sc.configPath ? { configPath: sc.configPath } : {}),
    env,
    cwd,
    lenientEnv: true,
  });
  return { tasks: load.tasks, validations: load.validations, diagnostics: load.diagnostics };
}
