import { RowforgeError } from "../errors/index.ts";
import { durablePut, RAW, type StoreDb, type StoreSublevel } from "./store-db.ts";

/** The layout this rowforge writes. Raise it, and add a migration, whenever stored keys or values change shape. */
export const STORE_LAYOUT_VERSION = 1;

export const LAYOUT_VERSION_KEY = "layoutVersion";

/**
 * Upgrades a store by exactly one layout version. It must be safe to run again: the version
 * is raised only after it finishes, so a crash midway runs it once more on the next open.
 */
export type LayoutMigration = (db: StoreDb) => Promise<void>;

/** Migrations keyed by the version they upgrade from (1 upgrades a version 1 store to 2). */
export const LAYOUT_MIGRATIONS: Readonly<Record<number, LayoutMigration>> = {};

export interface PrepareLayoutInit {
  readonly db: StoreDb;
  readonly meta: StoreSublevel;
  readonly location: string;
  readonly target?: number;
  readonly migrations?: Readonly<Record<number, LayoutMigration>>;
}

/**
 * Brings the store to the target layout: stamps a new store, upgrades an older one step by step,
 * and refuses one written by a newer rowforge rather than misreading it. Answers the version found.
 */
export async function prepareLayout(init: PrepareLayoutInit): Promise<number | undefined> {
  const { db, meta, location } = init;
  const target = init.target ?? STORE_LAYOUT_VERSION;
  const migrations = init.migrations ?? LAYOUT_MIGRATIONS;
  const raw = await meta.get<string, string>(LAYOUT_VERSION_KEY, RAW);
  if (raw === undefined) {
    await durablePut(db, meta, LAYOUT_VERSION_KEY, target);
    return undefined;
  }
  const found = parseVersion(raw);
  if (found === undefined) {
    throw new RowforgeError(
      "RF_STORE_UNAVAILABLE",
      `the rowforge store in ${location} has a damaged layout version record (${JSON.stringify(raw.slice(0, 40))})`,
      { hint: "restore the home folder from a backup, or give another --home" },
    );
  }
  if (found > target) {
    throw new RowforgeError(
      "RF_STORE_UNAVAILABLE",
      `the rowforge store in ${location} has layout version ${found}, but this rowforge reads layout versions up to ${target}: it was written by a newer rowforge`,
      { hint: "run a newer rowforge with this home folder, or give another --home" },
    );
  }
  for (let version = found; version < target; version++) {
    const migrate = migrations[version];
    if (migrate === undefined) {
      throw new RowforgeError(
        "RF_INTERNAL",
        `no migration from store layout version ${version} to ${version + 1} (store in ${location})`,
      );
    }
    await migrate(db);
    await durablePut(db, meta, LAYOUT_VERSION_KEY, version + 1);
  }
  return found;
}

function parseVersion(raw: string): number | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "number" && Number.isInteger(value) && value >= 1 ? value : undefined;
  } catch {
    return undefined;
  }
}
