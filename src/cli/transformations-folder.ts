import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { CliIo } from "./cli-io.ts";

/**
 * The only folder a command loads transformations from: `--transformations`, else
 * ROWFORGE_TRANSFORMATIONS, else `transformations` in the home (`--home`, ROWFORGE_HOME or
 * ~/.rowforge). `run` loads them from there, and `validate` checks they load from there.
 */
export function transformationsFolder(
  io: Pick<CliIo, "cwd" | "env">,
  flags: { readonly transformations?: string | undefined; readonly home?: string | undefined },
): string {
  return resolve(
    io.cwd,
    flags.transformations ??
      io.env.ROWFORGE_TRANSFORMATIONS ??
      join(flags.home || io.env.ROWFORGE_HOME || join(homedir(), ".rowforge"), "transformations"),
  );
}
