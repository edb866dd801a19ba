import type { Level } from "level";
import type { RecordCheck } from "./store-records.ts";

export type StoreDb = Level<string, unknown>;

/** Values are written as JSON; reads ask for the raw text so one damaged value cannot break a whole scan. */
export const openSublevel = (db: StoreDb, name: string) =>
  db.sublevel<string, unknown>(name, { keyEncoding: "utf8", valueEncoding: "json" });

export type StoreSublevel = ReturnType<typeof openSublevel>;

/** Every store write waits for fsync: an acknowledged save or status change survives a crash. */
export const DURABLE = { sync: true } as const;

/** Writes one value durably; sublevel options do not carry `sync`, so writes go through the root. */
export const durablePut = (
  db: StoreDb,
  sublevel: StoreSublevel,
  key: string,
  value: unknown,
): Promise<void> => db.batch([{ type: "put", sublevel, key, value }], DURABLE);

export const durableDel = (db: StoreDb, sublevel: StoreSublevel, key: string): Promise<void> =>
  db.batch([{ type: "del", sublevel, key }], DURABLE);

export const RAW = { valueEncoding: "utf8" } as const;

export type Decoded<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly reason: string };

/** Parses a raw stored value and checks its shape. */
export function decodeRecord<T>(raw: string, check: RecordCheck): Decoded<T> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, reason: "not valid JSON" };
  }
  const problem = check(value);
  return problem === undefined ? { ok: true, value: value as T } : { ok: false, reason: problem };
}

/** Told about each damaged record a list skipped, so the service can log it. */
export type CorruptRecordListener = (problem: {
  readonly sublevel: string;
  readonly key: string;
  readonly reason: string;
}) => void;
