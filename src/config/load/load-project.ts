import { existsSync } from "node:fs";
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
import type { Env } from "../env/substitute-env.ts";
import { isObject, LoadContext } from "../read/load-context.ts";
import { readAppConfig } from "../read/read-app-config.ts";
import { type PlanRead, readPlan } from "../read/read-plan.ts";
import { readTask } from "../read/read-task.ts";
import { readUnified, type UnifiedRead } from "../read/read-unified.ts";
import { readValidationConfig } from "../read/read-validation.ts";
import { resolvePlan } from "../resolve/resolve-plan.ts";
import type { ResolvedPlan } from "../resolve/resolved-plan.ts";
import type { SourceDocument } from "../source/source-document.ts";
import { classifyDocument, type FileKind } from "./classify-document.ts";
import { findSourceFiles, findTaskFiles } from "./find-source-files.ts";
import { locateConfig } from "./locate-config.ts";
import { readSourceFile } from "./read-source-file.ts";

export interface LoadOptions {
  readonly configPath?: string;
  readonly env?: Env;
  readonly strict?: boolean;
  readonly cwd?: string;
  /** Report unset environment variables as warnings (for `validate`). */
  readonly lenientEnv?: boolean;
  /** Connections saved over the API; they take precedence over the configuration's. */
  readonly savedConnections?: readonly Connection[];
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
}

interface Parsed {
  path: string;
  kind: FileKind;
  doc: SourceDocument;
  ctx: LoadContext;
}

/**
 * Loads everything under the given files and folders the way a user lays it out: plans,
 * task files, unified files, validation files and configuration. Every problem is
 * collected; nothing throws for bad input.
 */
export async function loadProject(paths: readonly string[], options: LoadOptions = {}): Promise<ProjectLoad> {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const strict = options.strict ?? false;
  const lenientEnv = options.lenientEnv ?? false;
  const diagnostics: Diagnostic[] = [];
  const files = await findSourceFiles(
    paths.map((p) => resolve(cwd, p)),
    diagnostics,
  );

  // Configuration first: it names connections and the task folder.
  let configPath = locateConfig(options.configPath, env, cwd);
  if (!configPath)
    configPath = files.find(
      (f) => basename(f) === "application.conf" && paths.some((p) => resolve(cwd, p) === dirname(f)),
    );
  const { config, connections } = await loadConfig(configPath, env, strict, lenientEnv, diagnostics);
  for (const c of options.savedConnections ?? []) connections.set(c.name, c);

  const parsed: Parsed[] = [];
  for (const file of files) {
    if (configPath && resolve(file) === resolve(configPath)) continue;
    const r = await readSourceFile(file, env);
    diagnostics.push(...r.diagnostics);
    if (!r.document) continue;
    const kind = classifyDocument(r.document.value, file);
    parsed.push({
      path: file,
      kind,
      doc: r.document,
      ctx: new LoadContext(r.document, diagnostics, strict, lenientEnv),
    });
  }

  const taskFolder = config.folders.taskFolderPath;
  if (
    taskFolder &&
    existsSync(taskFolder) &&
    !paths.some((p) => resolve(cwd, taskFolder).startsWith(resolve(cwd, p)))
  ) {
    for (const file of await findTaskFiles(taskFolder)) {
      const r = await readSourceFile(file, env);
      diagnostics.push(...r.diagnostics);
      if (r.document && classifyDocument(r.document.value, file) === "task") {
        parsed.push({
          path: file,
          kind: "task",
          doc: r.document,
          ctx: new LoadContext(r.document, diagnostics, strict, lenientEnv),
        });
      }
    }
  }

  const tasks = new Map<string, Task>();
  const taskFiles = new Map<string, string>();
  const validations = new Map<string, ValidationConfig>();
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
        const r = readUnified(p.ctx, value, env);
        if (r) unified.push({ read: r, p });
        break;
      }
      case "validation": {
        const v = readValidationConfig(p.ctx, value, []);
        if (v) validations.set(v.name, v);
        break;
      }
      case "config":
        readAppConfig(p.ctx, value);
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
  for (const { read, p } of plans) {
    const all = new Map(tasks);
    for (const t of read.inlineTasks) all.set(t.name, t);
    resolved.push(
      resolvePlan(p.ctx, {
        plan: read.plan,
        tasks: all,
        connections,
        validations,
        config,
        sources: [p.path, ...(configPath ? [configPath] : [])],
        ...(taskFolder && existsSync(taskFolder) ? { taskFolder } : {}),
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
      }),
    );
  }
  return {
    files: parsed.map((p) => ({ path: p.path, kind: p.kind })),
    plans: resolved.map((r) => deepFreeze(r)),
    tasks,
    validations,
    connections,
    config,
    configPath,
    diagnostics,
  };
}

async function loadConfig(
  path: string | undefined,
  env: Env,
  strict: boolean,
  lenientEnv: boolean,
  diagnostics: Diagnostic[],
): Promise<{ config: RunConfiguration; connections: Map<string, Connection> }> {
  const connections = new Map<string, Connection>();
  if (!path) return { config: deepFreeze(defaultRunConfiguration()), connections };
  const r = await readSourceFile(path, env);
  diagnostics.push(...r.diagnostics);
  if (!r.document || !isObject(r.document.value))
    return { config: deepFreeze(defaultRunConfiguration()), connections };
  const read = readAppConfig(new LoadContext(r.document, diagnostics, strict, lenientEnv), r.document.value);
  for (const c of read.connections) connections.set(c.name, c);
  return { config: deepFreeze(read.config), connections };
}
