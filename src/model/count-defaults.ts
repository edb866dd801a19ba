// The counts a step gets when it gives none, apart from the count's schema: the engine and its
// worker threads use them, and need no schema library to do so.

/** Data Caterer's default when a step gives no record count. */
export const DEFAULT_RECORD_COUNT = 1000;
/** Data Caterer's default per-key count when `perField` gives none. */
export const DEFAULT_PER_FIELD_COUNT = 10;
