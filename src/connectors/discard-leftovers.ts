import { rm } from "node:fs/promises";
import { basename } from "node:path";
import type { Leftover } from "./connector.ts";
import { releaseLockOf } from "./file/output-lock.ts";

/**
 * Removes what a stopped run left behind: its temporaries, and the locks it still holds. Only
 * paths named by the run's id are removed, so a list read back from disk can remove nothing
 * else. Answers what could not be removed (each with why); the others go regardless.
 */
export async function discardLeftovers(runId: string, leftovers: readonly Leftover[]): Promise<string[]> {
  const failed: string[] = [];
  for (const l of leftovers) {
    try {
      if (l.kind === "lock") await releaseLockOf(l.path, runId);
      else if (basename(l.path).includes(runId)) await rm(l.path, { recursive: true, force: true });
    } catch (e) {
      failed.push(`${l.path} (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  return failed;
}
