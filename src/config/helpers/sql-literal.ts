/**
 * A SQL string literal. Quotes and backslashes are escaped with a backslash, which is how the
 * SQL dialect rowforge compiles reads them (adjacent quoted strings are concatenated, so a
 * doubled quote would not mean a quote).
 */
export const sqlString = (s: string): string => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

/**
 * A user value as a SQL literal: nothing and the text `NULL` are NULL, text is quoted, numbers
 * and booleans are written as they are. Gives undefined for lists and maps.
 */
export function sqlLiteral(v: unknown): string | undefined {
  if (v === undefined || v === null || v === "NULL") return "NULL";
  if (typeof v === "string") return sqlString(v);
  if (typeof v === "boolean") return String(v);
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : undefined;
  if (typeof v === "bigint") return String(v);
  return undefined;
}
