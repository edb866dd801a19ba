import { mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A run's own folder for what its validations write to disk (spill files, read-back spools):
 * under ROWFORGE_SPILL_DIR, else the system's temporary folder, named by the run's id.
 */
export const runScratchFolder = (runId: string, env: NodeJS.ProcessEnv = process.env): string =>
  join(env.ROWFORGE_SPILL_DIR?.trim() || tmpdir(), `rowforge-run-${runId}`);

/** Runs `work` with `folder` made (the owner's only), and removes it with all it holds afterwards. */
export async function withScratchFolder<T>(folder: string, work: () => Promise<T>): Promise<T> {
  // A folder that cannot be made fails only what would write there, with that writer's own error.
  await mkdir(folder, { recursive: true, mode: 0o700 }).catch(() => {});
  try {
    return await work();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
