import { mkdir, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { RowforgeError } from "../errors/index.ts";

const codeOf = (e: unknown): unknown => (e instanceof Error && "code" in e ? e.code : undefined);

/**
 * Creates a folder and its missing parents. Each level is tried once: the recursive form of
 * mkdir never returns on some special file systems (such as /proc), where a failed create
 * answers ENOENT although the parent exists.
 */
export async function ensureFolder(path: string, mode?: number): Promise<void> {
  try {
    await mkdir(path, mode);
    return;
  } catch (e) {
    if (codeOf(e) === "EEXIST") {
      if ((await stat(path)).isDirectory()) return;
      throw new RowforgeError("RF_STORE_UNAVAILABLE", `${path} is a file, not a folder`, {
        hint: "give a home folder (--home or ROWFORGE_HOME) that is a folder or does not exist yet",
      });
    }
    if (codeOf(e) !== "ENOENT" || dirname(path) === path) throw e;
  }
  await ensureFolder(dirname(path));
  await mkdir(path, mode);
}
