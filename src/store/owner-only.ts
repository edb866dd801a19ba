import { type FSWatcher, watch } from "node:fs";
import { chmod, readdir } from "node:fs/promises";
import { join } from "node:path";

const ignoreGone = (e: unknown) => {
  // LevelDB's compaction may remove a file listed (or announced) a moment ago.
  if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
};

/**
 * The store holds saved connections with their passwords: its folder is 0700 and its files 0600.
 * Makes a store folder so, also one an older rowforge left readable by others.
 */
export async function ownerOnly(location: string): Promise<void> {
  await chmod(location, 0o700);
  for (const f of await readdir(location, { withFileTypes: true })) {
    if (f.isFile()) await chmod(join(location, f.name), 0o600).catch(ignoreGone);
  }
}

/**
 * LevelDB creates files with mode 0644 (less the umask) for as long as it is open: a new log when
 * its write buffer is flushed, table files at each compaction, a manifest. It has no option for
 * the mode, and a process-wide umask would also change the mode of the outputs users get, so each
 * new file of the (0700) folder is made 0600 as soon as it appears. Returns the stop function.
 */
export function keepOwnerOnly(location: string, onError: (e: unknown) => void): () => void {
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(location, { persistent: false }, (event, name) => {
      if (event === "rename" && name) chmod(join(location, name), 0o600).catch(ignoreGone).catch(onError);
    });
    watcher.on("error", onError);
  } catch (e) {
    onError(e);
  }
  return () => watcher?.close();
}
