import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const CLI = fileURLToPath(new URL("../../bin/rowforge.js", import.meta.url));

let userHome: string | undefined;

/**
 * The HOME the CLI runs with unless a test gives its own: a folder of this test process, so
 * runs recording in ~/.rowforge (the default home) never touch the machine's own.
 */
export function cliUserHome(): string {
  userHome ??= mkdtempSync(join(tmpdir(), "rf-cli-home-"));
  return userHome;
}

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the rowforge CLI as a user would, as a subprocess of the Node that runs the tests. */
export function runCli(
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): CliResult {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...process.env, HOME: cliUserHome(), NO_COLOR: "1", ...options.env },
    encoding: "utf8",
    timeout: options.timeoutMs ?? 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Runs the CLI as a subprocess without blocking this process: for tests whose own servers (an
 * HTTP receiver) must answer the CLI while it runs. `interruptWhen` is asked every 50 ms while the
 * CLI runs; SIGINT is sent (once) when it answers true: Ctrl-C at a moment the test can see.
 */
export function runCliAsync(
  args: readonly string[],
  options: {
    cwd?: string;
    env?: Record<string, string>;
    timeoutMs?: number;
    interruptWhen?: () => boolean;
    /** Called with everything written so far each time the CLI writes. */
    onOutput?: (stdout: string, stderr: string) => void;
  } = {},
): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env: { ...process.env, HOME: cliUserHome(), NO_COLOR: "1", ...options.env },
      timeout: options.timeoutMs ?? 60_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
      options.onOutput?.(stdout, stderr);
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
      options.onOutput?.(stdout, stderr);
    });
    const when = options.interruptWhen;
    const poll =
      when === undefined
        ? undefined
        : setInterval(() => {
            if (!when()) return;
            clearInterval(poll);
            child.kill("SIGINT");
          }, 50);
    child.on("error", reject);
    child.on("close", (status) => {
      clearInterval(poll);
      resolvePromise({ status, stdout, stderr });
    });
  });
}
