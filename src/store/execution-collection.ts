import { RowforgeError } from "../errors/index.ts";
import {
  executionOrderKey,
  executionStatusKey,
  idOfOrderKey,
  orderKeyOfStatusKey,
  statusRange,
} from "./execution-keys.ts";
import type { SerialQueue } from "./serial-queue.ts";
import {
  type CorruptRecordListener,
  type Decoded,
  DURABLE,
  decodeRecord,
  RAW,
  type StoreDb,
  type StoreSublevel,
} from "./store-db.ts";
import { corruptRecord, guarded as plainGuard, type StoreGuard } from "./store-errors.ts";
import { checkExecutionRecord, type ExecutionRecord, type ExecutionStatus } from "./store-records.ts";

export interface ExecutionListOptions {
  /** At most this many records, newest first. */
  readonly limit?: number;
}

export interface ExecutionCollection {
  /** Saves a new record or replaces one with the same id, with its index entries, in one synced batch. */
  put(record: ExecutionRecord): Promise<void>;
  get(id: string): Promise<ExecutionRecord | undefined>;
  /** Newest first by createdTs, equal times by id; damaged records are skipped. */
  list(options?: ExecutionListOptions): Promise<ExecutionRecord[]>;
  /** The records with this status, in the order of `list`. */
  listByStatus(status: ExecutionStatus, options?: ExecutionListOptions): Promise<ExecutionRecord[]>;
}

export interface ExecutionCollectionInit {
  readonly db: StoreDb;
  /** id → record. */
  readonly records: StoreSublevel;
  /** inverted createdTs + id → id. */
  readonly byTime: StoreSublevel;
  /** status + inverted createdTs + id → id. */
  readonly byStatus: StoreSublevel;
  readonly location: string;
  readonly serial: SerialQueue;
  readonly onCorrupt: CorruptRecordListener;
  /** Runs each operation (default: `guarded`); the store's reopens a database left in an error state. */
  readonly guard?: StoreGuard;
}

/** How many index entries are resolved to records with one read. */
const CHUNK = 64;

export function executionCollection(init: ExecutionCollectionInit): ExecutionCollection {
  const { db, records, byTime, byStatus, location, serial, onCorrupt } = init;
  const guarded: StoreGuard = init.guard ?? plainGuard;

  const decodeAt = (id: string, raw: string): Decoded<ExecutionRecord> => {
    const decoded = decodeRecord<ExecutionRecord>(raw, checkExecutionRecord);
    if (decoded.ok && decoded.value.id !== id) {
      return { ok: false, reason: `its id "${decoded.value.id}" differs from its key` };
    }
    return decoded;
  };

  /**
   * Resolves by-time keys from an index scan to records. An index entry is trusted only when the
   * record it names still sorts under that key with `status` (when given): entries left behind by
   * a record that was damaged, then saved again, are skipped.
   */
  async function resolve(
    orderKeys: AsyncIterable<string>,
    status: ExecutionStatus | undefined,
    limit: number,
  ): Promise<ExecutionRecord[]> {
    const out: ExecutionRecord[] = [];
    let pending: string[] = [];
    const flush = async (): Promise<void> => {
      const ids = pending.map(idOfOrderKey);
      const raws = await records.getMany<string, string>(ids, RAW);
      pending.forEach((orderKey, i) => {
        const id = ids[i] ?? "";
        const raw = raws[i];
        if (raw === undefined || out.length >= limit) return;
        const decoded = decodeAt(id, raw);
        if (!decoded.ok) {
          onCorrupt({ sublevel: "executions", key: id, reason: decoded.reason });
          return;
        }
        const record = decoded.value;
        if (executionOrderKey(record.createdTs, record.id) !== orderKey) return;
        if (status !== undefined && record.status !== status) return;
        out.push(record);
      });
      pending = [];
    };
    for await (const orderKey of orderKeys) {
      pending.push(orderKey);
      if (pending.length >= CHUNK) await flush();
      if (out.length >= limit) break;
    }
    if (pending.length > 0) await flush();
    return out;
  }

  const limitOf = (options: ExecutionListOptions | undefined): number => {
    const limit = options?.limit ?? Number.POSITIVE_INFINITY;
    if (!(limit >= 0))
      throw new RowforgeError("RF_REQUEST_INVALID", `execution list limit ${limit} must be 0 or more`);
    return limit;
  };

  return {
    put(record) {
      const problem = checkExecutionRecord(record);
      const orderKey = problem === undefined ? executionOrderKey(record.createdTs, record.id) : undefined;
      if (problem !== undefined || orderKey === undefined) {
        const id = typeof record?.id === "string" ? record.id : "?";
        return Promise.reject(
          new RowforgeError(
            "RF_RECORD_INVALID",
            `cannot save execution "${id}": ${problem ?? "createdTs is invalid"}`,
          ),
        );
      }
      return serial(() =>
        guarded(location, `save execution "${record.id}"`, async () => {
          const oldRaw = await records.get<string, string>(record.id, RAW);
          const old = oldRaw === undefined ? undefined : decodeAt(record.id, oldRaw);
          const batch = db.batch();
          if (old?.ok) {
            const oldOrderKey = executionOrderKey(old.value.createdTs, old.value.id);
            if (oldOrderKey !== undefined && oldOrderKey !== orderKey)
              batch.del(oldOrderKey, { sublevel: byTime });
            if (
              oldOrderKey !== undefined &&
              (oldOrderKey !== orderKey || old.value.status !== record.status)
            ) {
              batch.del(executionStatusKey(old.value.status, oldOrderKey), { sublevel: byStatus });
            }
          }
          batch.put(record.id, record, { sublevel: records });
          batch.put(orderKey, record.id, { sublevel: byTime });
          batch.put(executionStatusKey(record.status, orderKey), record.id, { sublevel: byStatus });
          await batch.write(DURABLE);
        }),
      );
    },

    async get(id) {
      const raw = await guarded(location, `read execution "${id}"`, () =>
        records.get<string, string>(id, RAW),
      );
      if (raw === undefined) return undefined;
      const decoded = decodeAt(id, raw);
      if (!decoded.ok) throw corruptRecord(location, "execution", `executions/${id}`, decoded.reason);
      return decoded.value;
    },

    async list(options) {
      const limit = limitOf(options);
      return guarded(location, "list executions", () => resolve(byTime.keys(), undefined, limit));
    },

    async listByStatus(status, options) {
      const limit = limitOf(options);
      async function* orderKeys(): AsyncIterable<string> {
        for await (const key of byStatus.keys(statusRange(status))) yield orderKeyOfStatusKey(status, key);
      }
      return guarded(location, `list ${status} executions`, () => resolve(orderKeys(), status, limit));
    },
  };
}
