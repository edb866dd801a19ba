import { chmod, readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Level } from "level";
import { ensureFolder } from "./ensure-folder.ts";
import { type ExecutionCollection, executionCollection } from "./execution-collection.ts";
import { prepareLayout } from "./layout-version.ts";
import { type NamedCollection, namedCollection } from "./named-collection.ts";
import { serialQueue } from "./serial-queue.ts";
import { type CorruptRecordListener, openSublevel, type StoreDb } from "./store-db.ts";
import { openFailure } from "./store-errors.ts";
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
}

/**
 * The store holds saved connections with their passwords: its folder is 0700 and its files 0600
 * (files LevelDB writes later sit in the 0700 folder). A home rowforge creates is 0700 too.
 */
async function ownerOnly(location: string): Promise<void> {
  await chmod(location, 0o700);
  for (const f of await readdir(location, { withFileTypes: true }))
    if (f.isFile()) await chmod(join(location, f.name), 0o600);
}

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
    await ensureFolder(absoluteHome, 0o700);
  } catch (e) {
    throw openFailure(location, e);
  }
  const db: StoreDb = new Level<string, unknown>(location, { keyEncoding: "utf8", valueEncoding: "json" });
  try {
    await db.open();
  } catch (e) {
    throw openFailure(location, e);
  }
  try {
    await ownerOnly(location);
    await prepareLayout({ db, meta: openSublevel(db, "meta"), location });
  } catch (e) {
    await db.close().catch(() => undefined);
    throw openFailure(location, e);
  }

  const onCorrupt = options.onCorrupt ?? (() => undefined);
  const writes = serialQueue();
  let closing: Promise<void> | undefined;

  return {
    home: absoluteHome,
    plans: namedCollection<StoredPlan>({
      db,
      sublevel: openSublevel(db, "plans"),
      sublevelName: "plans",
      what: "plan",
      location,
      check: checkStoredPlan,
      onCorrupt,
    }),
    connections: namedCollection<StoredConnection>({
      db,
      sublevel: openSublevel(db, "connections"),
      sublevelName: "connections",
      what: "connection",
      location,
      check: checkStoredConnection,
      onCorrupt,
    }),
    executions: executionCollection({
      db,
      records: openSublevel(db, "executions"),
      byTime: openSublevel(db, "executions-by-time"),
      byStatus: openSublevel(db, "executions-by-status"),
      location,
      serial: writes.run,
      onCorrupt,
    }),
    close() {
      closing ??= writes.idle().then(() => db.close());
      return closing;
    },
  };
}
