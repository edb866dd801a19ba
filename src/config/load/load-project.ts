import { basename, dirname, resolve } from "node:path";
import type { Diagnostic } from "../../errors/index.ts";
import {
  type Connection,
  deepFreeze,
  defaultRunConfiguration,
  type RunConfiguration,
  type Task,
  type ValidationConfig,
} from "../../model/index.ts";
import type { OutputKinds } from "../../model/output-kinds.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { Env } from "../env/substitute-env.ts";
import { isObject, LoadContext } from "../read/load-context.ts";
import { readAppConfig } from "../read/read-app-config.ts";
import { type PlanRead, readPlan } from "../read/read-plan.ts";
import { readTask } from "../read/read-task.ts";
import { readUnified, type UnifiedRead } from "../read/read-unified.ts";
import { readValidationConfig } from "../read/read-validation.ts";
import { resolvePlan } from "../resolve/resolve-plan.ts";
import type { SourceDocument } from "../source/source-document.ts";
import { classifyDocument, type FileKind } from "./classify-document.ts";
import { findSourceFiles, findTaskFiles } from "./find-source-files.ts";
import { locateConfig } from "./locate-config.ts";
import { readSourceFile } from "./read-source-file.ts";
import { resolveFolder, taskFallbacksOf, validationFallbacksOf } from "./resolve-folder.ts";

export interface LoadOptions {
  readonly configPath?: string;
  readonly env?: Env;
  readonly strict?: boolean;
  readonly cwd?: string;
  /** Report unset environment variables as warnings (for `validate`). */
  readonly lenientEnv?: boolean;
  /** Connections saved over the API; they take precedence over the configuration's. */
  readonly savedConnections?: readonly Connection[];
  /** Unknown keys inside field `options` are warnings instead of errors (`--lenient`). */
  readonly lenientOptions?: boolean;
  /** The task folder to use instead of the configured or neighbouring one (the server's). */
  readonly taskFolder?: string;
  /**
   * The format and connection names (and their aliases) steps' formats are resolved against (the connector
   * registry's, handed in by the app layer: config sits below connectors and formats).
   */
  readonly outputKinds: OutputKinds;
  /**
   * Plans given as values instead of files (the library's definePlan objects), by the path each
   * stands for (relative paths in it resolve as in a file there): read as their YAML would be.
   */
  readonly planValues?: ReadonlyMap<string, unknown>;
  /**
   * Import plan modules given by path (plan.ts, plan.mjs: their default export is the plan):
   * the CLI and the library, whose users run their own code. Off for the server, which never
   * runs code a request or a folder holds; such a file is then parsed as YAML.
   */
  readonly planModules?: boolean;
}

export interface LoadedFile {
  readonly path: string;
  readonly kind: FileKind;
}

export interface ProjectLoad {
  readonly files: readonly LoadedFile[];
  readonly plans: readonly ResolvedPlan[];
  readonly tasks: ReadonlyMap<string, Task>;
  readonly validations: ReadonlyMap<string, ValidationConfig>;
  readonly connections: ReadonlyMap<string, Connection>;
  readonly config: RunConfiguration;
  readonly configPath: string | undefined;
  readonly diagnostics: readonly Diagnostic[];
  /** Every parsed file, to locate problems found after loading (compiling) in it. */
  readonly documents: ReadonlyMap<string, SourceDocument>;
  /** The file each task was read from. */
  readonly taskFiles: ReadonlyMap<string, string>;
  /** The file each validation was read from. */
  readonly validationFiles: ReadonlyMap<string, string>;
  /** The task folder legacy plans were resolved against, when one was found. */
  readonly taskFolder?: string;
}

interface Parsed {
  path: string;
  kind: FileKind;
  doc: SourceDocument;
  ctx: LoadContext;
  /** This file's own problems (kept apart so problems of files a plan does not use can be scoped). */
  diagnostics: Diagnostic[];
  /** Found through a configured or neighbouring folder rather than given: only checked for what a plan uses. */
  support: boolean;
}

/**
 * Loads everything under the given files and folders the way a user lays it out: plans,
 * task files, unified files, validation files and configuration. Every problem is
 * collected; nothing throws for bad input. A legacy plan's task folder (and validation
 * folder) is found by `resolveFolder`; files found there only count for the tasks and
 * validations that a plan being loaded enables: problems of the others are warnings.
 */
export async function loadProject(paths: readonly string[], options: LoadOptions): Promise<ProjectLoad> {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const strict = options.strict ?? false;
  const lenientEnv = options.lenientEnv ?? false;
  const lenientOptions = options.lenientOptions ?? false;
  const diagnostics: Diagnostic[] = [];
  const given = paths.map((p) => resolve(cwd, p));
  const values = options.planValues;
  const files = [
    ...given.filter((p) => values?.has(p)),
    ...(await findSourceFiles(
      given.filter((p) => !values?.has(p)),
      diagnostics,
    )),
  ];

  // Configuration first: it names connections and the task folder.
  let configPath = locateConfig(options.configPath, env, cwd);
  if (!configPath)
    configPath = files.find(
      (f) => basename(f) === "application.conf" && paths.some((p) => resolve(cwd, p) === dirname(f)),
    );
  const { config, connections } = await loadConfig(
    configPath,
    env,
    strict,
    lenientEnv,
    diagnostics,
    options.outputKinds,
  );
  for (const c of options.savedConnections ?? []) connections.set(c.name, c);
  const configDir = configPath ? dirname(configPath) : undefined;

  const parsed: Parsed[] = [];
  const seen = new Set<string>();
  const parse = async (file: string, support: boolean, only?: FileKind): Promise<void> => {
    if (seen.has(file) || (configPath && file === resolve(configPath))) return;
    seen.add(file);
    const own: Diagnostic[] = [];
    const r = await readSourceFile(file, env, { values, modules: options.planModules });
    if (r.dataFile) return; // NDJSON and other data files beside plans are not plans
    own.push(...r.diagnostics);
    const kind = r.document ? classifyDocument(r.document.value, options.outputKinds, file) : undefined;
    if (support && only !== undefined && kind !== only) return;
    if (!r.document || !kind) {
      diagnostics.push(...(support ? own.map(outOfScope) : own));
      return;
    }
    parsed.push({
      path: file,
      kind,
      doc: r.document,
      ctx: new LoadContext(r.document, own, strict, lenientEnv, lenientOptions),
      diagnostics: own,
      support,
    });
  };
  for (const file of files) await parse(file, false);

  // Legacy plans find their tasks (and validations) in the configured folder, else beside them.
  const planDirs = [...new Set(parsed.filter((p) => p.kind === "plan").map((p) => dirname(p.path)))];
  const folderOf = (configured: string | undefined, fallbacks: (dir: string) => string[]) =>
    resolveFolder(configured, { cwd, configDir, fallbacks: planDirs.flatMap(fallbacks) });
  const taskLookup =
    planDirs.length > 0 || options.taskFolder !== undefined
      ? options.taskFolder !== undefined
        ? resolveFolder(options.taskFolder, { cwd, configDir })
        : folderOf(config.folders.taskFolderPath, (d) => [...taskFallbacksOf(d), d])
      : undefined;
  const taskFolder = taskLookup?.folder;
  const inGiven = (folder: string) => given.some((p) => folder === p || folder.startsWith(`${p}/`));
  if (taskFolder && !inGiven(taskFolder)) {
    for (const file of await findTaskFiles(taskFolder, diagnostics)) await parse(file, true, "task");
  }
  // Validation files only matter to plans that name validations.
  const namesValidations = parsed.some(
    (p) => p.kind === "plan" && isObject(p.doc.value) && p.doc.value.validations !== undefined,
  );
  const validationFolder = namesValidations
    ? folderOf(config.folders.validationFolderPath, validationFallbacksOf).folder
    : undefined;
  if (validationFolder && !inGiven(validationFolder)) {
    for (const file of await findTaskFiles(validationFolder, diagnostics))
      await parse(file, true, "validation");
  }

  const tasks = new Map<string, Task>();
  const taskFiles = new Map<string, string>();
  const validations = new Map<string, ValidationConfig>();
  const validationFiles = new Map<string, string>();
  const plans: { read: PlanRead; p: Parsed }[] = [];
  const unified: { read: UnifiedRead; p: Parsed }[] = [];
  for (const p of parsed) {
    const value = p.doc.value;
    if (!isObject(value)) {
      p.ctx.error("RF_FILE_KIND_UNKNOWN", "the file is not a mapping", []);
      continue;
    }
    switch (p.kind) {
      case "task": {
        const t = readTask(p.ctx, value, [], env);
        if (!t) break;
        const before = taskFiles.get(t.name);
        if (before) {
          p.ctx.warn(
            "RF_NAME_DUPLICATE",
            `task "${t.name}" is also defined in ${before}; the first one is used`,
            ["name"],
          );
          break;
        }
        tasks.set(t.name, t);
        taskFiles.set(t.name, p.path);
        break;
      }
      case "plan": {
        const r = readPlan(p.ctx, value, [], env);
        if (r) plans.push({ read: r, p });
        break;
      }
      case "unified": {
        const r = readUnified(p.ctx, value, env, options.outputKinds);
        if (r) unified.push({ read: r, p });
        break;
      }
      case "validation": {
        const v = readValidationConfig(p.ctx, value, []);
        if (v && !validations.has(v.name)) {
          validations.set(v.name, v);
          validationFiles.set(v.name, p.path);
        }
        break;
      }
      case "config":
        readAppConfig(p.ctx, value, options.outputKinds);
        break;
      default:
        p.ctx.warn(
          "RF_FILE_KIND_UNKNOWN",
          "not a plan, task, unified plan, validation or configuration file; skipped",
          [],
        );
    }
  }

  const resolved: ResolvedPlan[] = [];
  const usedFiles = new Set<string>();
  for (const { read, p } of plans) {
    const all = new Map(tasks);
    for (const t of read.inlineTasks) all.set(t.name, t);
    for (const t of read.plan.tasks) {
      const file = taskFiles.get(t.name);
      if (t.enabled && file) usedFiles.add(file);
    }
    for (const v of read.plan.validations) {
      const file = validationFiles.get(v);
      if (file) usedFiles.add(file);
    }
    resolved.push(
      resolvePlan(p.ctx, {
        plan: read.plan,
        tasks: all,
        connections,
        validations,
        config,
        sources: [p.path, ...(configPath ? [configPath] : [])],
        ...(taskFolder ? { taskFolder } : {}),
        ...(taskLookup ? { taskFoldersTried: taskLookup.tried } : {}),
        outputKinds: options.outputKinds,
      }),
    );
  }
  for (const { read, p } of unified) {
    const conns = new Map(connections);
    for (const c of read.connections) conns.set(c.name, c);
    resolved.push(
      resolvePlan(p.ctx, {
        plan: read.plan,
        tasks: new Map(read.tasks.map((t) => [t.name, t])),
        connections: conns,
        validations: new Map(read.validations.map((v) => [v.name, v])),
        config: read.config ? deepFreeze(read.config) : config,
        sources: [p.path],
        outputKinds: options.outputKinds,
      }),
    );
  }
  for (const p of parsed) {
    if (!p.support || usedFiles.has(p.path)) diagnostics.push(...p.diagnostics);
    else diagnostics.push(...p.diagnostics.map(outOfScope));
  }
  return {
    files: parsed.filter((p) => !p.support).map((p) => ({ path: p.path, kind: p.kind })),
    plans: resolved.map((r) => deepFreeze(r)),
    tasks,
    validations,
    connections,
    config,
    configPath,
    diagnostics,
    documents: new Map(parsed.map((p) => [p.path, p.doc])),
    taskFiles,
    validationFiles,
    ...(taskFolder ? { taskFolder } : {}),
  };
}

/** A problem of a task or validation file that no plan being checked uses: a warning for that file. */
const outOfScope = (d: Diagnostic): Diagnostic =>
  d.severity === "error"
    ? {
        ...d,
        severity: "warning",
        message: `${d.message} (the file is not used by the plan checked, so this does not stop it)`,
      }
    : d;

async function loadConfig(
  path: string | undefined,
  env: Env,
  strict: boolean,
  lenientEnv: boolean,
  diagnostics: Diagnostic[],
  kinds: OutputKinds,
): Promise<{ config: RunConfiguration; connections: Map<string, Connection> }> {
  const connections = new Map<string, Connection>();
  if (!path) return { config: deepFreeze(defaultRunConfiguration()), connections };
  const r = await readSourceFile(path, env);
  diagnostics.push(...r.diagnostics);
  if (!r.document || !isObject(r.document.value))
    return { config: deepFreeze(defaultRunConfiguration()), connections };
  const read = readAppConfig(
    new LoadContext(r.document, diagnostics, strict, lenientEnv),
    r.document.value,
    kinds,
  );
  for (const c of read.connections) connections.set(c.name, c);
  return { config: deepFreeze(read.config), connections };
}
