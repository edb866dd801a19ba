import { existsSync } from "node:fs";
import { type Env, loadProject } from "../../config/index.ts";
import { isRowforgeError } from "../../errors/index.ts";
import type { Connection } from "../../model/connection.ts";
import { openStore, type Store, storeLocation } from "../../store/index.ts";
import { openStoreSnapshot } from "../../store/open-store-snapshot.ts";
import { addSavedConnections } from "../catalog/saved-connections.ts";
import { loadServiceConfig } from "../catalog/service-config.ts";
import { OUTPUT_KINDS } from "../output-kinds.ts";

export interface GatherOptions {
  /** `--config`, else $APPLICATION_CONFIG_PATH, else ./application.conf. */
  readonly configPath?: string;
  readonly env: Env;
  readonly cwd: string;
  /** A rowforge home whose saved connections count (read only; skipped when it has no store). */
  readonly home?: string;
  /** Unified plan files whose inline connections count. */
  readonly plans?: readonly string[];
}

export interface GatheredConnections {
  /** By name: a plan's inline connections over saved ones over the configuration's (as a run of that plan sees them). */
  readonly connections: ReadonlyMap<string, Connection>;
  /** Where they were looked for, for messages: `application.conf at ...`, `the home ...`. */
  readonly searched: readonly string[];
}

/**
 * Every connection the command line can name: the application configuration's, the ones saved
 * over the API in a home (a home a running server holds is read from a snapshot) and the
 * inline connections of unified plan files. Reads only; creates no home.
 */
export async function gatherConnections(o: GatherOptions): Promise<GatheredConnections> {
  const sc = await loadServiceConfig(o.configPath, o.env, o.cwd);
  const all = new Map<string, Connection>();
  const searched: string[] = [sc.configPath ? `the configuration ${sc.configPath}` : "no configuration file"];
  for (const c of sc.connections.values()) all.set(c.name, { ...c, source: "config" });
  if (o.home !== undefined && existsSync(storeLocation(o.home))) {
    let store: Store;
    try {
      store = await openStore(o.home);
    } catch (e) {
      if (!isRowforgeError(e) || e.code !== "RF_STORE_LOCKED") throw e;
      store = await openStoreSnapshot(o.home);
    }
    try {
      await addSavedConnections(all, store);
    } finally {
      await store.close();
    }
    searched.push(`the saved connections of ${o.home}`);
  }
  if (o.plans && o.plans.length > 0) {
    const load = await loadProject(o.plans, {
      outputKinds: OUTPUT_KINDS,
      ...(sc.configPath ? { configPath: sc.configPath } : {}),
      env: o.env,
      cwd: o.cwd,
      lenientEnv: true,
    });
    for (const plan of load.plans)
      for (const step of plan.steps)
        if (step.connection?.source === "plan") all.set(step.connection.name, step.connection);
    searched.push(o.plans.join(", "));
  }
  return { connections: all, searched };
}
