import { randomUUID } from "node:crypto";
import { basename, extname, join } from "node:path";
import Value from "typebox/value";
import type { ResourceAccess, ServerAccessChoice } from "../../access/index.ts";
import { checkYamlDepth, type Env, isObject, resolveRunRequest } from "../../config/index.ts";
import { type Diagnostic, RowforgeError } from "../../errors/index.ts";
import { type Connection, NAME_MAX_LENGTH, nameProblem, PlanYamlSources } from "../../model/index.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { Store, StoredConnection } from "../../store/index.ts";
import { preflightPlan } from "../check/preflight-plan.ts";
import { groupOfConnectionType, OUTPUT_KINDS } from "../output-kinds.ts";
import { checkPathNames } from "./check-path-names.ts";
import type { FolderPlanSources } from "./folder-plan-sources.ts";
import { keepMaskedSecrets, keepMaskedSecretsDeep } from "./keep-masked-secrets.ts";
import { planFolderOf } from "./plan-folder.ts";
import { planInvalid } from "./plan-invalid.ts";
import { planTaskIndex } from "./plan-task-index.ts";
import { maskYamlSources, sourcesDifference } from "./plan-yaml-sources.ts";
import { addSavedConnections } from "./saved-connections.ts";
import { maskDeep, maskOptions } from "./secrets.ts";
import { serviceAccess } from "./service-access.ts";
import { loadFolders, loadServiceConfig, type ServiceConfig } from "./service-config.ts";

export interface ServiceOptions {
  readonly store: Store;
  readonly configPath?: string;
  readonly env?: Env;
  readonly cwd?: string;
  /** The clock (epoch ms): a service input so tests can fix it. */
  readonly now?: () => number;
  /** The transformations folder (trusted code); default `<home>/transformations`. */
  readonly transformationsFolder?: string;
  /**
   * What the files and URLs of plans may be: the operator's data and output folders and URL
   * allow-list (contained, the default: `<home>/data`, no URL), or `open` (a local user's own plans).
   */
  readonly access?: ServerAccessChoice | "open";
}

export interface PlanListEntry {
  readonly id: string;
  readonly plan: { readonly name: string; readonly description: string };
  /** rowforge: a saved plan with the name of a YAML plan of the plan folder, which runs by that name use instead of the file. */
  readonly folderPlanCopy?: true;
}

/** A saved plan's YAML texts (GET /plan/{planName}/yaml-sources), secrets masked. */
export interface PlanSourcesAnswer {
  readonly planName: string;
  readonly sources: PlanYamlSources;
  /** When the texts were saved (ISO 8601 UTC). */
  readonly savedAt: string;
  /** Whether the texts still describe the stored plan (not changed since by other means). */
  readonly current: boolean;
  /** When not current: what differs first. */
  readonly difference?: string;
}

export type PublicConnection = Connection & { readonly source: "config" | "api" };

/** The application layer the HTTP API (and later the CLI and UI) adapt: plans and connections (samples: SamplingService). */
export interface RowforgeService {
  readonly store: Store;
  readonly config: ServiceConfig;
  readonly env: Env;
  readonly cwd: string;
  /** The only folder transformations load from (see transform/load-transformation.ts). */
  readonly transformationsFolder: string;
  /** What the files and URLs plans name may be (src/access): every read, fetch and output of a plan goes through it. */
  readonly access: ResourceAccess;
  now(): number;
  /**
   * Saves a PlanRunRequest. An optional `yamlSources` (rowforge's, see PlanYamlSources) is kept
   * with the plan, not in its request; `sources` answers whether those texts describe it.
   */
  savePlan(request: unknown): Promise<{
    planId: string;
    name: string;
    sources?: { readonly current: boolean; readonly difference?: string };
    /** What the pre-run check could not look at (a database that cannot be reached). */
    warnings?: readonly string[];
  }>;
  getPlan(name: string): Promise<unknown | undefined>;
  /** The YAML texts kept with a saved plan; undefined when there is no such plan or it has none. */
  getPlanSources(name: string): Promise<PlanSourcesAnswer | undefined>;
  /**
   * A YAML plan of the plan folder as texts (plan file, its task and validation files, secrets
   * masked, problems located); undefined when the folder has no plan of that name.
   */
  getFolderPlanSources(name: string): Promise<FolderPlanSources | undefined>;
  deletePlan(name: string): Promise<boolean>;
  listPlans(): Promise<PlanListEntry[]>;
  /**
   * Names of the saved plans and YAML plans of the plan folder that list a task, sorted as
   * listPlans sorts them; from an index, without reading or resolving every saved plan.
   */
  plansListingTask(taskName: string): Promise<string[]>;
  saveConnections(list: readonly unknown[]): Promise<string[]>;
  getConnection(name: string): Promise<PublicConnection | undefined>;
  deleteConnection(name: string): Promise<"deleted" | "config" | "missing">;
  listConnections(groupType?: string): Promise<PublicConnection[]>;
  /** Every connection with its secrets, for runs: saved ones over the configuration's. */
  connections(): Promise<Map<string, Connection>>;
  /** A PlanRunRequest resolved against the task folder, validation files and connections. */
  resolveRequest(
    request: unknown,
  ): Promise<{ plan: ResolvedPlan | undefined; diagnostics: readonly Diagnostic[] }>;
  /**
   * A plan by name, resolved: `auto` prefers a saved plan, then a YAML plan of the plan folder;
   * `json` only saved plans; `yaml` only YAML plans (`fileName` picks the file).
   */
  findPlan(
    name: string,
    where?: { source?: "auto" | "json" | "yaml"; fileName?: string },
  ): Promise<{ plan: ResolvedPlan; source: "json" | "yaml" } | undefined>;
  close(): Promise<void>;
}

export async function createService(o: ServiceOptions): Promise<RowforgeService> {
  const env = o.env ?? process.env;
  const cwd = o.cwd ?? process.cwd();
  const config = await loadServiceConfig(o.configPath, env, cwd);
  const store = o.store;
  const now = o.now ?? (() => Date.now());
  const transformationsFolder = o.transformationsFolder ?? join(store.home, "transformations");
  const access = await serviceAccess(o.access ?? {}, store.home, config, transformationsFolder, cwd);

  const connections = async (): Promise<Map<string, Connection>> => {
    const all = new Map<string, Connection>(config.connections);
    await addSavedConnections(all, store);
    return all;
  };
  const publicOf = (c: Connection, source: "config" | "api"): PublicConnection => ({
    name: c.name,
    type: c.type,
    groupType: c.groupType,
    options: maskOptions(c.options),
    source,
  });

  const { yamlPlans, folderPlan, folderPlanRequest } = planFolderOf(config, env, cwd);
  const taskIndex = planTaskIndex(store);

  const resolveRequest = async (request: unknown) => {
    const folders = await loadFolders(config, env, cwd);
    return resolveRunRequest(request, {
      outputKinds: OUTPUT_KINDS,
      tasks: folders.tasks,
      connections: await connections(),
      validations: folders.validations,
      config: config.config,
      env,
      ...(config.taskFolder ? { taskFolder: config.taskFolder } : {}),
    });
  };

  /**
   * What stops a saved plan from running (load problems, then the dry run of every step) and
   * what could not be checked (a database that cannot be reached).
   */
  const planProblems = async (request: unknown): Promise<readonly Diagnostic[]> => {
    const { plan, diagnostics } = await resolveRequest(request);
    const errors = diagnostics.filter((d) => d.severity === "error");
    if (errors.length > 0 || !plan) return errors;
    // The dry run `run` and `validate` make (database steps read from their tables, the tables
    // and columns steps write looked at), every file and URL the plan names first checked
    // against the access rules. Transformations are the operator's: they are checked when the
    // plan is run or sampled, so a plan may be saved before its transformation is put in place.
    return (await preflightPlan(plan, { documents: new Map(), taskFiles: new Map() }, access)).diagnostics;
  };

  return {
    store,
    config,
    env,
    resolveRequest,
    cwd,
    transformationsFolder,
    access,
    now,
    async savePlan(body) {
      const { yamlSources, ...request }: Record<string, unknown> = isObject(body) ? body : {};
      if (yamlSources !== undefined && !Value.Check(PlanYamlSources, yamlSources)) {
        throw new RowforgeError(
          "RF_REQUEST_INVALID",
          "yamlSources must be {plan: string, tasks: [string], validation: [string], configuration: string}: the YAML texts the plan was edited as",
          { hint: "send the texts as the web UI does, or leave yamlSources out" },
        );
      }
      if (yamlSources !== undefined) {
        const { plan, tasks, validation, configuration } = yamlSources;
        checkYamlDepth(plan, "yamlSources.plan");
        for (const [i, t] of tasks.entries()) checkYamlDepth(t, `yamlSources.tasks[${i}]`);
        for (const [i, t] of validation.entries()) checkYamlDepth(t, `yamlSources.validation[${i}]`);
        checkYamlDepth(configuration, "yamlSources.configuration");
      }
      if (!isObject(body) || !isObject(request.plan) || typeof request.plan.name !== "string") {
        throw new RowforgeError(
          "RF_NAME_INVALID",
          `plan.name must be letters, digits, hyphens and underscores, at most ${NAME_MAX_LENGTH} characters`,
          { hint: "give plan.name" },
        );
      }
      checkPathNames(request);
      const name = request.plan.name;
      // A plan opened (masked) and saved again keeps the secrets its masked values stand for.
      const before = await store.plans.get(name);
      // The first save of a plan folder's plan opened in the editor: its secrets are the files'.
      const original =
        before?.request ?? (yamlSources !== undefined ? await folderPlanRequest(name) : undefined);
      const kept = (
        original !== undefined ? keepMaskedSecretsDeep(request, original) : request
      ) as typeof request;
      // A plan is checked as `rowforge validate` checks a file: an invalid one is never "saved successfully".
      const found = await planProblems(kept);
      const problems = found.filter((d) => d.severity === "error");
      if (problems.length > 0) throw planInvalid(name, problems);
      const warnings = found.filter((d) => d.severity === "warning").map((d) => d.message);
      const planId = typeof kept.id === "string" && kept.id !== "" ? kept.id : randomUUID();
      const savedAt = new Date(now()).toISOString();
      const stored = { ...kept, id: planId };
      // The texts are kept with their secrets masked: GET answers them as they are stored. A save
      // without texts keeps the earlier ones, which then tell that the plan changed since.
      const masked = yamlSources === undefined ? undefined : maskYamlSources(yamlSources as PlanYamlSources);
      const texts = masked ? { ...masked, savedAt } : before?.yamlSources;
      await store.plans.put({
        id: planId,
        name,
        request: stored,
        savedAt,
        ...(texts ? { yamlSources: texts } : {}),
      });
      await taskIndex.saved(name, stored);
      const noted = warnings.length > 0 ? { warnings } : {};
      if (masked === undefined) return { planId, name, ...noted };
      const difference = sourcesDifference(masked, stored);
      return {
        planId,
        name,
        ...noted,
        sources: { current: difference === undefined, ...(difference ? { difference } : {}) },
      };
    },
    async getPlan(name) {
      // Passwords and tokens in the plan's steps and connections never leave the server.
      const saved = await store.plans.get(name);
      return saved === undefined ? undefined : maskDeep(saved.request);
    },
    async getPlanSources(name) {
      const saved = await store.plans.get(name);
      if (saved?.yamlSources === undefined) return undefined;
      const { savedAt, ...sources } = saved.yamlSources;
      const difference = sourcesDifference(sources, saved.request);
      return {
        planName: name,
        sources,
        savedAt,
        current: difference === undefined,
        ...(difference ? { difference } : {}),
      };
    },
    async getFolderPlanSources(name) {
      return folderPlan(name, true);
    },
    async deletePlan(name) {
      const deleted = await store.plans.delete(name);
      if (deleted) await taskIndex.deleted(name);
      return deleted;
    },
    async plansListingTask(taskName) {
      const saved = await taskIndex.plansListing(taskName);
      const folder = (await yamlPlans()).filter((p) => p.steps.some((s) => s.taskName === taskName));
      return [...new Set([...saved, ...folder.map((p) => p.plan.name)])].sort((a, b) => a.localeCompare(b));
    },
    async listPlans() {
      const saved = (await store.plans.list()).map((p) => {
        const plan = (isObject(p.request) && isObject(p.request.plan) ? p.request.plan : {}) as {
          description?: unknown;
        };
        return {
          id: p.id,
          plan: { name: p.name, description: typeof plan.description === "string" ? plan.description : "" },
        };
      });
      const names = new Set(saved.map((p) => p.plan.name));
      const folder = await yamlPlans();
      const inFolder = new Set(folder.map((p) => p.plan.name));
      const yaml = folder
        .filter((p) => !names.has(p.plan.name))
        .map((p) => ({
          id: `yaml:${p.plan.name}`,
          plan: { name: p.plan.name, description: p.plan.description },
        }));
      // A folder plan a saved plan of its name hides is still worth knowing about: the list says which.
      const listed: PlanListEntry[] = saved.map((p) =>
        inFolder.has(p.plan.name) ? { ...p, folderPlanCopy: true as const } : p,
      );
      return [...listed, ...yaml].sort((a, b) => a.plan.name.localeCompare(b.plan.name));
    },
    async saveConnections(list) {
      const saved: string[] = [];
      for (const [i, raw] of list.entries()) {
        if (
          !isObject(raw) ||
          typeof raw.name !== "string" ||
          nameProblem(raw.name) !== undefined ||
          typeof raw.type !== "string" ||
          raw.type === ""
        ) {
          throw new RowforgeError(
            "RF_REQUEST_INVALID",
            `connections[${i}] needs a name (letters, digits, - and _, at most ${NAME_MAX_LENGTH} characters) and a type`,
          );
        }
        const options: Record<string, string> = {};
        if (raw.options !== undefined) {
          if (!isObject(raw.options))
            throw new RowforgeError(
              "RF_REQUEST_INVALID",
              `connections[${i}].options must be an object of strings`,
            );
          for (const [k, v] of Object.entries(raw.options))
            options[k] = typeof v === "string" ? v : JSON.stringify(v);
        }
        const type = raw.type;
        // An edit that sends back a masked value (`***`, or a URL with its password masked) keeps the secret it stands for.
        const before = (await store.connections.get(raw.name)) ?? config.connections.get(raw.name);
        const c: StoredConnection = {
          name: raw.name,
          type,
          groupType:
            typeof raw.groupType === "string" && raw.groupType !== ""
              ? raw.groupType
              : groupOfConnectionType(type),
          options: before ? keepMaskedSecrets(options, before.options) : options,
          source: "api",
          savedAt: new Date(now()).toISOString(),
        };
        await store.connections.put(c);
        saved.push(c.name);
      }
      return saved;
    },
    async getConnection(name) {
      const saved = await store.connections.get(name);
      if (saved) return publicOf(saved, "api");
      const fromConfig = config.connections.get(name);
      return fromConfig ? publicOf(fromConfig, "config") : undefined;
    },
    async deleteConnection(name) {
      if (await store.connections.delete(name)) return "deleted";
      return config.connections.has(name) ? "config" : "missing";
    },
    async listConnections(groupType) {
      const saved = await store.connections.list();
      const byName = new Map<string, PublicConnection>();
      for (const c of config.connections.values()) byName.set(c.name, publicOf(c, "config"));
      for (const c of saved) byName.set(c.name, publicOf(c, "api"));
      return [...byName.values()]
        .filter((c) => groupType === undefined || c.groupType === groupType)
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    connections,
    async findPlan(name, where = {}) {
      const source = where.source ?? "auto";
      const saved = source === "yaml" ? undefined : await store.plans.get(name);
      if (saved) {
        const r = await resolveRequest(saved.request);
        const errors = r.diagnostics.filter((d) => d.severity === "error");
        if (!r.plan || errors.length > 0) {
          throw new RowforgeError(
            errors[0]?.code ?? "RF_OPTION_INVALID",
            `saved plan "${name}" is not valid: ${errors.map((e) => e.message).join("; ")}`,
            {
              diagnostics: r.diagnostics,
            },
          );
        }
        return { plan: r.plan, source: "json" };
      }
      if (source === "json") return undefined;
      const yaml = (await yamlPlans()).find((p) =>
        where.fileName !== undefined
          ? basename(p.sources[0] ?? "") === where.fileName ||
            basename(p.sources[0] ?? "", extname(p.sources[0] ?? "")) === where.fileName
          : p.plan.name.toLowerCase() === name.toLowerCase(),
      );
      return yaml ? { plan: yaml, source: "yaml" } : undefined;
    },
    async close() {
      await store.close();
    },
  };
}
