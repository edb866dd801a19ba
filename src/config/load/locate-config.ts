import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Env } from "../env/substitute-env.ts";

/**
 * The application configuration to use: `--config`, else APPLICATION_CONFIG_PATH, else
 * `./application.conf` (or .yaml/.json) when present. Returns undefined when there is none.
 */
export function locateConfig(explicit: string | undefined, env: Env, cwd: string): string | undefined {
  if (explicit) return resolve(cwd, explicit);
  const fromEnv = env.APPLICATION_CONFIG_PATH;
  if (fromEnv) return resolve(cwd, fromEnv);
  for (const name of ["application.conf", "application.yaml", "application.yml", "application.json"]) {
    const p = join(cwd, name);
    if (existsSync(p)) return p;
  }
  return undefined;
}
