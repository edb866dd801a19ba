import { mkdir } from "node:fs/promises";
import {
  accessOf,
  homeDataFolder,
  openAccess,
  type ResourceAccess,
  type ServerAccessChoice,
  serverAccessRules,
} from "../../access/index.ts";
import type { ServiceConfig } from "./service-config.ts";

/**
 * The access of the service's plans: open, or contained by the operator's choice over the
 * home and the configuration's folders. The default data folder `<home>/data` is created.
 */
export async function serviceAccess(
  choice: ServerAccessChoice | "open",
  home: string,
  config: ServiceConfig,
  transformationsFolder: string,
  cwd: string,
): Promise<ResourceAccess> {
  if (choice === "open") return openAccess(cwd);
  if (choice.dataDirs === undefined || choice.dataDirs.length === 0)
    await mkdir(homeDataFolder(home), { recursive: true, mode: 0o700 });
  return accessOf(
    serverAccessRules(choice, {
      home,
      configFolders: [config.planFolder, config.taskFolder, config.validationFolder],
      configOutputs: [...config.connections.values()].flatMap((c) =>
        c.options.path === undefined ? [] : [c.options.path],
      ),
      transformationsFolder,
      configPath: config.configPath,
    }),
  );
}
