import { type ChildProcess, spawn } from "node:child_process";
import { CLI, REPO_ROOT } from "./run-cli.ts";

export interface ServeProcess {
  /** Base URL, as printed by `rowforge serve`. */
  readonly url: string;
  /** What the server printed up to its URL (the listening line with its home and heap limit). */
  readonly banner: string;
  readonly child: ChildProcess;
  /** The exit code, once the process ends. */
  readonly exited: Promise<number | null>;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
}

/**
 * Starts `rowforge serve` as a subprocess on a free loopback port (with `env` added to this
 * process's environment) and resolves once it prints its URL.
 */
export function startServe(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI, "serve", "--port", "0", "--log-level", "silent", ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NO_COLOR: "1", ...env },
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = "";
    // Slow on a busy machine; a server that does not start is stopped, not left running.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`serve did not start: ${out}`));
    }, 60_000);
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, banner: out, child, exited, output: () => out });
      }
    });
    child.stderr!.on("data", (d: Buffer) => {
      out += d.toString();
    });
  });
}
