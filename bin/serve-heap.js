// The heap limit of `rowforge serve` (plain JavaScript: it runs before the TypeScript sources load).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The default heap limit of `rowforge serve`, in MiB: a quarter of a 16-24 GB machine, far above any budgeted sample. */
export const DEFAULT_SERVE_HEAP_MB = 4096;

const CHILD_MARK = "ROWFORGE_SERVE_HEAP_MB";

/** `--max-heap N`, `--max-heap=N` or $ROWFORGE_MAX_HEAP_MB; undefined when not given. */
function requestedHeap(args, env) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--max-heap") return args[i + 1];
    if (args[i].startsWith("--max-heap=")) return args[i].slice("--max-heap=".length);
  }
  return env.ROWFORGE_MAX_HEAP_MB;
}

/**
 * For `rowforge serve`, starts the same command again as a child with --max-old-space-size
 * and resolves to its exit code; undefined when this process should run the command itself
 * (not serve, already the child, or Node already given a heap limit and no --max-heap).
 * An invalid --max-heap is left to the serve command, which refuses it.
 * The child follows the parent: signals are passed on, and if the parent dies (even by
 * SIGKILL) the child is killed the same way, so a server never outlives its launcher.
 */
export function serveHeapRelaunch(script) {
  const args = process.argv.slice(2);
  if (args[0] !== "serve" || process.env[CHILD_MARK] !== undefined) return undefined;
  const requested = requestedHeap(args, process.env);
  const nodeFlags = `${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`;
  if (requested === undefined && /--max-old-space-size/.test(nodeFlags)) return undefined;
  const text = String(requested ?? DEFAULT_SERVE_HEAP_MB);
  if (!/^\d+$/.test(text) || Number(text) < 64) return undefined;
  const mb = Number(text);
  const child = spawn(
    process.execPath,
    [...process.execArgv, `--max-old-space-size=${mb}`, fileURLToPath(script), ...args],
    { stdio: ["inherit", "inherit", "inherit", "ipc"], env: { ...process.env, [CHILD_MARK]: String(mb) } },
  );
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve(code ?? 1));
  });
}

/** In the relaunched server: when the launcher dies (even by SIGKILL), die the same way. */
export function followLauncher() {
  if (process.env[CHILD_MARK] === undefined || !process.send) return;
  process.on("disconnect", () => process.kill(process.pid, "SIGKILL"));
  // The IPC channel must not keep the server alive on its own.
  process.channel?.unref();
}
