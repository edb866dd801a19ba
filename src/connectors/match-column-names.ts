import { didYouMean, type RowforgeError } from "../errors/index.ts";

/**
 * The column each field names: the column of the same name, else the one name that matches
 * ignoring case. A field without a column is refused with the error `missing` makes from the
 * field and the columns as messages list them (`(columns: a, b); did you mean "c"?`).
 */
export function matchColumnNames(
  fields: readonly string[],
  columns: readonly string[],
  missing: (field: string, listing: string) => RowforgeError,
): string[] {
  return fields.map((f) => {
    if (columns.includes(f)) return f;
    const folded = columns.filter((c) => c.toLowerCase() === f.toLowerCase());
    if (folded.length === 1) return folded[0]!;
    const near = didYouMean(f, columns);
    throw missing(f, `(columns: ${columns.join(", ") || "none"})${near ? `; ${near}` : ""}`);
  });
}
