import { mkdir, statfs } from "node:fs/promises";
import { join, resolve } from "node:path";
import { ensureFolder } from "./ensure-folder.ts";
import { type ExecutionCollection, executionCollection } from "./execution-collection.ts";
import { prepareLayout } from "./layout-version.ts";
import { type NamedCollection, namedCollection } from "./named-collection.ts";
import { keepOwnerOnly, ownerOnly } from "./owner-only.ts";
import { serialQueue } from "./serial-queue.ts";
import { type CorruptRecordListener, openSublevel, type StoreDb, type StoreSublevel } from "./store-db.ts";
import { guarded, isStoreIoError, openFailure, operationFailure, type StoreGuard } from "./store-errors.ts";
import {
  checkStoredConnection,
  checkStoredPlan,
  type StoredConnection,
  type StoredPlan,
} from "./store-records.ts";

/** rowforge's saved plans, saved connections and run history, in one LevelDB folder under the home folder. */
export interface Store {
  /** The home folder, absolute. The database lives in `<home>/store`. */
  readonly home: string;
  readonly plans: NamedCollection<StoredPlan>;
  readonly connections: NamedCollection<StoredConnection>;
  readonly executions: ExecutionCollection;
  /** Waits for queued writes, then releases the folder's lock. Safe to call twice. */
  close(): Promise<void>;
}

export interface StoreOptions {
  /** Told about each damaged record that a list skipped (a service logs it). */
  readonly onCorrupt?: CorruptRecordListener;
  /** Told about a failure that does not stop the store (a file whose mode could not be set). */
  readonly onError?: (message: string, e: unknown) => void;
}

/** Free space below which a store in an error state is not reopened (LevelDB's write buffer is 4 MB). */
const MIN_FREE_BYTES_TO_REOPEN = 8 * 1024 * 1024;

/** The LevelDB folder inside a home folder. */
export const storeLocation = (home: string): string => join(resolve(home), "store");

/**
 * Opens (creating when missing) the store of a home folder. Only one process may hold it:
 * a second opener gets RF_STORE_LOCKED; any other failure is RF_STORE_UNAVAILABLE naming the folder.
 */
export async function openStore(home: string, options: StoreOptions = {}): Promise<Store> {
  const absoluteHome = resolve(home);
  const location = storeLocation(absoluteHome);
  try {
    // The home rowforge creates and the store folder are the owner's only before LevelDB writes
    // a file into them (it would create its folder 0755). Anything else in the folder's place
    // (a file) is left for LevelDB's open to report.
    await ensureFolder(absoluteHome, 0o700);
    await mkdir(location, 0o700).catch((e: unknown) => {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    });
  } catch (e) {
    throw openFailure(location, e);
  }
  // Loaded here rather than at start (about 15 ms of native addon and modules): most commands
  // never open the store. A CommonJS package: the bundle's chunk of it exports `default` alone.
  const { Level } = (await import("level")).default;
  const db: StoreDb = new Level<string, unknown>(location, { keyEncoding: "utf8", valueEncoding: "json" });
  try {
    await db.open();
  } catch (e) {
    throw openFailure(location, e);
  }
  let stopKeeping = () => {};
  try {
    await ownerOnly(location);
    stopKeeping = keepOwnerOnly(location, (e) =>
      options.onError?.(`cannot make a new file of the store ${location} owner-only`, e),
    );
    await prepareLayout({ db, meta: openSublevel(db, "meta"), location });
  } catch (e) {
    stopKeeping();
    await db.close().catch(() => undefined);
    throw openFailure(location, e);
  }

  const onCorrupt = options.onCorrupt ?? (() => undefined);
  const writes = serialQueue();
  let closing: Promise<void> | undefined;

  // LevelDB that failed a background write (a full disk) refuses every later write with that
  // error until it is reopened. A write failing with an IO error is therefore tried once more
  // after a reopen, but only when the disk has room again: while it is full the database stays
  // open for reads and the write fails with its reason. A reopen that failed is tried again by
  // the next operation, so the store recovers by itself, without a restart.
  const sublevels: StoreSublevel[] = [];
  const sub = (name: string): StoreSublevel => {
    const s = openSublevel(db, name);
    sublevels.push(s);
    return s;
  };
  let reopening: Promise<void> | undefined;
  const reopen = (): Promise<void> => {
    reopening ??= (async () => {
      try {
        if (db.status === "open") await db.close();
        await db.open();
        // Sublevels close with their database and do not reopen by themselves.
        await Promise.all(sublevels.map((s) => s.open()));
      } catch (e) {
        throw operationFailure(location, "reopen the store after a failed write", e);
      } finally {
        reopening = undefined;
      }
    })();
    return reopening;
  };
  const hasRoom = async (): Promise<boolean> => {
    try {
      const s = await statfs(location);
      return s.bavail * s.bsize >= MIN_FREE_BYTES_TO_REOPEN;
    } catch {
      return true;
    }
  };
  const guard: StoreGuard = (where, action, op) =>
    guarded(where, action, async () => {
      if (closing === undefined && (reopening || db.status === "closed")) await (reopening ?? reopen());
      try {
        return await op();
      } catch (e) {
        if (closing !== undefined || !isStoreIoError(e) || !(await hasRoom())) throw e;
        await reopen();
        return await op();
      }
    });

  return {
    home: absoluteHome,
    plans: namedCollection<StoredPlan>({
      db,
      sublevel: sub("plans"),
      sublevelName: "plans",
      what: "plan",
      location,
      check: checkStoredPlan,
      onCorrupt,
      guard,
    }),
    connections: namedCollection<StoredConnection>({
      db,
      sublevel: sub("connections"),
      sublevelName: "connections",
      what: "connection",
      location,
      check: checkStoredConnection,
      onCorrupt,
      guard,
    }),
    executions: executionCollection({
      db,
      records: sub("executions"),
      byTime: sub("executions-by-time"),
      byStatus: sub("executions-by-status"),
      location,
      serial: writes.run,
      onCorrupt,
      guard,
    }),
    close() {
      closing ??= writes.idle().then(async () => {
        await db.close();
        stopKeeping();
        // A file LevelDB wrote in its last moments, before the watcher saw it.
        await ownerOnly(location).catch((e: unknown) =>
          options.onError?.(`cannot make the files of the store ${location} owner-only`, e),
        );
      });
      return closing;
    },
  };
}
