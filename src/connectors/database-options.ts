import { RowforgeError } from "../errors/index.ts";
import type { ResolvedStep } from "../model/resolved-plan.ts";
import { matchColumnNames } from "./match-column-names.ts";

/** Data Caterer's save modes, as the database connectors honour them. */
export type SaveMode = "append" | "overwrite" | "errorIfExists" | "ignore";

/** `saveMode` as users write it (any case, `error` for errorIfExists); append when absent. */
export function saveModeOf(value: string | undefined, where: string): SaveMode {
  const mode = (value ?? "append")
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, "");
  if (mode === "append") return "append";
  if (mode === "overwrite") return "overwrite";
  if (mode === "errorifexists" || mode === "error") return "errorIfExists";
  if (mode === "ignore") return "ignore";
  throw new RowforgeError(
    "RF_VALUE_INVALID",
    `${where}: saveMode "${value}" is not one of append, overwrite, errorIfExists, ignore`,
  );
}

/** A true/false option (false when absent). */
export function booleanOf(value: string | undefined, name: string, where: string): boolean {
  const v = (value ?? "false").trim().toLowerCase();
  if (v === "true" || v === "false") return v === "true";
  throw new RowforgeError("RF_VALUE_INVALID", `${where}: ${name} must be true or false, not "${value}"`);
}

/** `connectTimeout` in seconds (default 10, 1 to 600). */
export function connectTimeoutOf(value: string | undefined, where: string): number {
  const timeout = value === undefined ? 10 : Number(value);
  if (!Number.isFinite(timeout) || timeout <= 0 || timeout > 600) {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `${where}: connectTimeout must be seconds from 1 to 600, not "${value}"`,
    );
  }
  return timeout;
}

/** The names of the step's written fields (omitted ones are not columns). */
export const writtenFields = (step: ResolvedStep): string[] =>
  step.step.fields.filter((f) => f.options.omit !== true).map((f) => f.name);

/**
 * The table column each field goes to: the column of the same name, else the one name that
 * matches ignoring case; a field without a column is refused, naming the nearest columns.
 * `table` is the table as messages show it.
 */
export function matchColumns(
  fields: readonly string[],
  columns: readonly string[],
  table: string,
  stepName: string,
): string[] {
  const missing = (f: string, listing: string) =>
    new RowforgeError(
      "RF_DB_COLUMN_NOT_FOUND",
      `step "${stepName}": field "${f}" has no column in table ${table} ${listing}`,
    );
  return matchColumnNames(fields, columns, missing);
}
