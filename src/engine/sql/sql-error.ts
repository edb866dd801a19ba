import { RowforgeError } from "../../errors/index.ts";

const MAX_SHOWN = 200;
const DEFAULT_HINT =
  "fix the Spark SQL expression at the position shown (for example: CASE WHEN amount > 100 THEN 'HIGH' ELSE 'LOW' END)";

function shown(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > MAX_SHOWN ? `${oneLine.slice(0, MAX_SHOWN - 3)}...` : oneLine;
}

/**
 * An error in an SQL expression: names the expression, the position (1-based character) and
 * the problem. All SQL errors are RF_SQL_INVALID.
 */
export function sqlError(text: string, pos: number, message: string, hint?: string): RowforgeError {
  const where = pos >= 0 ? ` at position ${pos + 1}` : "";
  const error = new RowforgeError("RF_SQL_INVALID", `SQL expression "${shown(text)}"${where}: ${message}`, {
    hint: hint ?? DEFAULT_HINT,
  });
  positioned.add(error);
  return error;
}

const positioned = new WeakSet<object>();

/** True for errors that already name the expression and position (so callers do not wrap them again). */
export const isPositionedSqlError = (e: unknown): boolean =>
  typeof e === "object" && e !== null && positioned.has(e);

/** Quotes a fragment of source for a message: `"THEN"`, or `the end of the expression`. */
export function describeFound(text: string | undefined): string {
  return text === undefined || text.length === 0 ? "the end of the expression" : `"${text}"`;
}
