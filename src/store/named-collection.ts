import { RowforgeError } from "../errors/index.ts";
import {
  type CorruptRecordListener,
  decodeRecord,
  durableDel,
  durablePut,
  RAW,
  type StoreDb,
  type StoreSublevel,
} from "./store-db.ts";
import { corruptRecord, guarded as plainGuard, type StoreGuard } from "./store-errors.ts";
import type { RecordCheck } from "./store-records.ts";

/** Saved things keyed by their `name`, case-sensitive and byte for byte as the user gave it. */
export interface NamedCollection<T extends { readonly name: string }> {
  /** Saves, replacing any earlier value of the same name. */
  put(value: T): Promise<void>;
  get(name: string): Promise<T | undefined>;
  /** Answers whether there was something to delete. */
  delete(name: string): Promise<boolean>;
  /** All readable values, in byte order of their names; damaged ones are skipped. */
  list(): Promise<T[]>;
}

export interface NamedCollectionInit {
  readonly db: StoreDb;
  readonly sublevel: StoreSublevel;
  readonly sublevelName: string;
  /** "plan" or "connection": used in messages. */
  readonly what: string;
  readonly location: string;
  readonly check: RecordCheck;
  readonly onCorrupt: CorruptRecordListener;
  /** Runs each operation (default: `guarded`); the store's reopens a database left in an error state. */
  readonly guard?: StoreGuard;
}

export function namedCollection<T extends { readonly name: string }>(
  init: NamedCollectionInit,
): NamedCollection<T> {
  const { db, sublevel, sublevelName, what, location, check, onCorrupt } = init;
  const guarded: StoreGuard = init.guard ?? plainGuard;

  // A value stored under another name's key was written by hand or damaged: it is not trusted.
  const decodeAt = (key: string, raw: string) => {
    const decoded = decodeRecord<T>(raw, check);
    if (decoded.ok && decoded.value.name !== key) {
      return { ok: false, reason: `its name "${decoded.value.name}" differs from its key` } as const;
    }
    return decoded;
  };

  const readRaw = (name: string): Promise<string | undefined> =>
    guarded(location, `read ${what} "${name}"`, () => sublevel.get<string, string>(name, RAW));

  return {
    async put(value) {
      const problem = check(value);
      if (problem !== undefined) {
        throw new RowforgeError(
          "RF_RECORD_INVALID",
          `cannot save ${what} "${String(value.name)}": ${problem}`,
        );
      }
      await guarded(location, `save ${what} "${value.name}"`, () =>
        durablePut(db, sublevel, value.name, value),
      );
    },

    async get(name) {
      const raw = await readRaw(name);
      if (raw === undefined) return undefined;
      const decoded = decodeAt(name, raw);
      if (!decoded.ok) throw corruptRecord(location, what, `${sublevelName}/${name}`, decoded.reason);
      return decoded.value;
    },

    async delete(name) {
      // Deleting a damaged record must work too, so existence is checked on the raw bytes.
      if ((await readRaw(name)) === undefined) return false;
      await guarded(location, `delete ${what} "${name}"`, () => durableDel(db, sublevel, name));
      return true;
    },

    list() {
      return guarded(location, `list ${what}s`, async () => {
        const out: T[] = [];
        for await (const [key, raw] of sublevel.iterator<string, string>(RAW)) {
          const decoded = decodeAt(key, raw);
          if (decoded.ok) out.push(decoded.value);
          else onCorrupt({ sublevel: sublevelName, key, reason: decoded.reason });
        }
        return out;
      });
    },
  };
}
