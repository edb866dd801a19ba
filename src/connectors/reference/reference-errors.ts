import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { matchColumnNames } from "../match-column-names.ts";

/** The step option bounding the keys read from a reference source. */
export const REFERENCE_MAX_ROWS_OPTION = "referenceMaxRows";
export const DEFAULT_REFERENCE_MAX_ROWS = 1_000_000;

/** The most keys a reference step may read: its `referenceMaxRows` option, else 1,000,000. */
export function referenceMaxRows(step: ResolvedStep): number {
  const text = step.step.options[REFERENCE_MAX_ROWS_OPTION];
  if (text === undefined) return DEFAULT_REFERENCE_MAX_ROWS;
  const n = Number(text.trim());
  if (!Number.isInteger(n) || n < 1 || n > 100_000_000) {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `step "${step.step.name}": ${REFERENCE_MAX_ROWS_OPTION} must be a whole number from 1 to 100000000, not "${text}"`,
    );
  }
  return n;
}

/** A reference source with no row whose key fields are all set. */
export const referenceEmpty = (
  step: ResolvedStep,
  source: string,
  fields: readonly string[],
): RowforgeError =>
  new RowforgeError(
    "RF_REFERENCE_EMPTY",
    `reference step "${step.step.name}" (enableReferenceMode) found no rows with ${fields.join(", ")} set in ${source}`,
  );

/** More distinct keys than the step may read. */
export const referenceTooLarge = (
  step: ResolvedStep,
  source: string,
  fields: readonly string[],
  max: number,
): RowforgeError =>
  new RowforgeError(
    "RF_REFERENCE_TOO_LARGE",
    `reference step "${step.step.name}" (enableReferenceMode) has more than ${max} distinct values of ${fields.join(", ")} in ${source}`,
    {
      hint: `reference data is held in memory while children are generated; raise the step option ${REFERENCE_MAX_ROWS_OPTION} (now ${max}) or point the step at less data`,
    },
  );

/** A key field the source does not have, naming its columns and the nearest. */
export function referenceFieldsOf(
  step: ResolvedStep,
  source: string,
  fields: readonly string[],
  columns: readonly string[],
): string[] {
  const missing = (f: string, listing: string) =>
    new RowforgeError(
      "RF_FOREIGN_KEY_INVALID",
      `reference step "${step.step.name}": foreign-key field "${f}" is not a column of ${source} ${listing}`,
      { hint: "name the existing data's columns as the foreign key's source fields" },
    );
  return matchColumnNames(fields, columns, missing);
}

/** A database's refusal of the reference query (a connection failure stays the connector's error). */
export const referenceUnreadable = (step: ResolvedStep, source: string, reason: string): RowforgeError =>
  new RowforgeError(
    "RF_REFERENCE_UNREADABLE",
    `reference step "${step.step.name}" (enableReferenceMode): ${source} cannot be read: ${reason}`,
  );
