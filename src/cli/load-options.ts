import { OUTPUT_KINDS } from "../app/output-kinds.ts";
import type { LoadOptions } from "../config/index.ts";
import type { CliIo } from "./cli-io.ts";

/**
 * How a command loads plans and configuration: the output kinds rowforge knows, `--config`, the
 * caller's folder and environment; plan modules (plan.ts) are the user's own code, and imported.
 */
export const cliLoadOptions = (flags: { readonly config?: string }, io: CliIo): LoadOptions => ({
  outputKinds: OUTPUT_KINDS,
  planModules: true,
  ...(flags.config ? { configPath: flags.config } : {}),
  cwd: io.cwd,
  env: io.env,
});
