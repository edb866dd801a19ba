import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { type Env, loadProject, type ProjectLoad, parseYaml } from "../../config/index.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import { OUTPUT_KINDS } from "../output-kinds.ts";
import { type FolderPlanSources, folderPlanSources, readFolderPlan } from "./folder-plan-sources.ts";
import type { ServiceConfig } from "./service-config.ts";

/** The YAML plans of the configuration's plan folder, as the service lists, opens and saves them. */
export interface PlanFolder {
  /** Every plan of the folder, resolved. */
  yamlPlans(): Promise<ResolvedPlan[]>;
  /** A plan folder's plan of this name as its files' texts, `masked` or as written (for the server only). */
  folderPlan(name: string, masked: boolean): Promise<FolderPlanSources | undefined>;
  /**
   * The request a folder plan's files stand for, as the editor sends them (plan, tasks,
   * validation by position): what a first save of its copy keeps masked secrets from.
   */
  folderPlanRequest(name: string): Promise<unknown>;
}

/** The plan folder of a service's configuration, read anew on each call (its files may change). */
export function planFolderOf(config: ServiceConfig, env: Env, cwd: string): PlanFolder {
  /** The YAML plans of the plan folder, loaded as a run loads them (with their task folder). */
  const loadPlanFolder = async (): Promise<ProjectLoad | undefined> => {
    if (!config.planFolder) return undefined;
    const files = (await readdir(config.planFolder).catch(() => [] as string[])).filter((f) =>
      /\.ya?ml$/i.test(f),
    );
    if (files.length === 0) return undefined;
    const paths = [
      ...files.map((f) => join(config.planFolder!, f)),
      ...(config.taskFolder ? [config.taskFolder] : []),
    ];
    return loadProject(paths, {
      outputKinds: OUTPUT_KINDS,
      ...(config.configPath ? { configPath: config.configPath } : {}),
      env,
      cwd,
      lenientEnv: true,
    });
  };
  const yamlPlans = async (): Promise<ResolvedPlan[]> => [...((await loadPlanFolder())?.plans ?? [])];
  const folderPlan = async (name: string, masked: boolean): Promise<FolderPlanSources | undefined> => {
    const load = await loadPlanFolder();
    const plan = load?.plans.find((p) => p.plan.name.toLowerCase() === name.toLowerCase());
    if (!load || !plan || !config.planFolder) return undefined;
    const ctx = { planFolder: config.planFolder, configPath: config.configPath };
    return (masked ? folderPlanSources : readFolderPlan)(load, plan, ctx);
  };
  const folderPlanRequest = async (name: string): Promise<unknown> => {
    const read = await folderPlan(name, false);
    if (read?.planKind !== "plan") return undefined;
    try {
      const { plan, tasks, validation } = read.sources;
      return {
        plan: parseYaml(plan),
        tasks: tasks.map((t) => parseYaml(t)),
        validation: validation.map((t) => parseYaml(t)),
      };
    } catch {
      return undefined;
    }
  };
  return { yamlPlans, folderPlan, folderPlanRequest };
}
