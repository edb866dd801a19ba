import { main } from "../../src/cli/main.ts";
import type { CliResult } from "./run-cli.ts";
import { cliUserHome, REPO_ROOT } from "./run-cli.ts";

/**
 * Runs a rowforge command in this process through the CLI's own entry (`main`: its argument
 * parsing, its command, its printed errors and its exit code), what it writes to stdout and
 * stderr kept apart: for tests of what commands answer, many times over, where a Node process
 * started for each would cost more than the command. The environment is this process's with
 * `env` over it, and runs record in this test process's own home, as `runCli`'s do.
 */
export async function runCliInProcess(
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const status = await main(["node", "rowforge", ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...process.env, ROWFORGE_HOME: cliUserHome(), NO_COLOR: "1", ...options.env },
    color: false,
    tty: false,
    outTty: false,
    out: (t) => {
      stdout += t;
    },
    err: (t) => {
      stderr += t;
    },
  });
  return { status, stdout, stderr };
}
