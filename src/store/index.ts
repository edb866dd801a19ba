export type { ExecutionCollection, ExecutionListOptions } from "./execution-collection.ts";
export {
  LAYOUT_MIGRATIONS,
  type LayoutMigration,
  prepareLayout,
  STORE_LAYOUT_VERSION,
} from "./layout-version.ts";
export type { NamedCollection } from "./named-collection.ts";
export { openStore, type Store, type StoreOptions, storeLocation } from "./open-store.ts";
export type { CorruptRecordListener, StoreDb } from "./store-db.ts";
export {
  EXECUTION_MODES,
  EXECUTION_STATUSES,
  type ExecutionMode,
  type ExecutionRecord,
  type ExecutionStatus,
  type StoredConnection,
  type StoredPlan,
} from "./store-records.ts";
