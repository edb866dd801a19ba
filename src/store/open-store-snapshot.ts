import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore, type Store, storeLocation } from "./open-store.ts";

/**
 * Opens a read-only snapshot of a home's store that another process (a running server)
 * holds: the LevelDB folder is copied and the copy opened. Every store write is synced, so
 * the copy holds each record acknowledged before it was taken. Closing removes the copy.
 */
export async function openStoreSnapshot(home: string): Promise<Store> {
  const copy = await mkdtemp(join(tmpdir(), "rowforge-store-snapshot-"));
  try {
    await cp(storeLocation(home), storeLocation(copy), {
      recursive: true,
      filter: (src) => !src.endsWith("/LOCK"),
    });
    const store = await openStore(copy);
    return {
      ...store,
      home: store.home,
      async close() {
        await store.close();
        await rm(copy, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await rm(copy, { recursive: true, force: true });
    throw e;
  }
}
