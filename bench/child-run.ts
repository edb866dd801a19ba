/**
 * Runs one command as a child process and measures it from the outside: wall time from spawn to
 * exit, the peak resident set of the child (GNU time's %M: the kernel's ru_maxrss of the process
 * it waits for, which covers all its threads — rowforge's workers are threads), and, when asked,
 * the time until the first output bytes appear on disk under a folder (polled every 2 ms).
 */
import { spawn } from "node:child_process";
import { type Dirent, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const GNU_TIME = "/usr/bin/time";
export const canMeasureRss = existsSync(GNU_TIME);

export interface ChildResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Spawn to exit, seconds. */
  readonly seconds: number;
  /** Peak RSS of the child in MiB; undefined when /usr/bin/time is missing. */
  readonly peakRssMiB?: number;
  /** Spawn to the first non-empty data file under `watch`, seconds. */
  readonly firstBytesSeconds?: number;
  /** Date.now() at spawn, for children that report their own milestones. */
  readonly spawnedAtMs: number;
}

function hasDataBytes(dir: string): boolean {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return false;
  }
  for (const e of entries) {
    // Manifests and markers start with "." or "_"; data files are part-… files.
    if (!e.isFile() || e.name.startsWith(".") || e.name.startsWith("_")) continue;
    try {
      if (statSync(join(e.parentPath, e.name)).size > 0) return true;
    } catch {
      // renamed between the listing and the stat: look again next time
    }
  }
  return false;
}

export function runChild(
  command: string,
  args: readonly string[],
  options: {
    watch?: string;
    env?: NodeJS.ProcessEnv;
    argsWithSpawnTime?: (spawnedAtMs: number) => string[];
  } = {},
): Promise<ChildResult> {
  const rssDir = canMeasureRss ? mkdtempSync(join(tmpdir(), "rowforge-bench-rss-")) : undefined;
  const rssFile = rssDir ? join(rssDir, "rss") : undefined;
  const spawnedAtMs = Date.now();
  const fullArgs = [...args, ...(options.argsWithSpawnTime?.(spawnedAtMs) ?? [])];
  const started = performance.now();
  const child = rssFile
    ? spawn(GNU_TIME, ["-f", "%M", "-o", rssFile, command, ...fullArgs], { env: options.env ?? process.env })
    : spawn(command, fullArgs, { env: options.env ?? process.env });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => {
    stdout += d;
  });
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  let firstBytesSeconds: number | undefined;
  const watch = options.watch;
  const poll = watch
    ? setInterval(() => {
        if (firstBytesSeconds === undefined && hasDataBytes(watch)) {
          firstBytesSeconds = (performance.now() - started) / 1000;
          clearInterval(poll);
        }
      }, 2)
    : undefined;
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (poll) clearInterval(poll);
      let peakRssMiB: number | undefined;
      if (rssFile && rssDir) {
        try {
          // GNU time writes "Command exited with non-zero status N" before %M on failures.
          const kib = Number(readFileSync(rssFile, "utf8").trim().split("\n").pop());
          if (Number.isFinite(kib) && kib > 0) peakRssMiB = kib / 1024;
        } catch {
          // no file: the command could not be started
        }
        rmSync(rssDir, { recursive: true, force: true });
      }
      resolve({
        code,
        stdout,
        stderr,
        seconds,
        spawnedAtMs,
        ...(peakRssMiB !== undefined ? { peakRssMiB } : {}),
        ...(firstBytesSeconds !== undefined ? { firstBytesSeconds } : {}),
      });
    });
  });
}
