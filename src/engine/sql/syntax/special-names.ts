/** Names that resolve without a field in scope. */

/** Spark's row-index column: the row's index inside its step. */
export const ROW_INDEX_NAME = "__index_inc";

/** Functions Spark lets users call without parentheses (`CURRENT_DATE`). */
export const NILADIC_FUNCTIONS: ReadonlySet<string> = new Set([
  "current_date",
  "current_timestamp",
  "current_timezone",
  "current_user",
  "localtimestamp",
]);
