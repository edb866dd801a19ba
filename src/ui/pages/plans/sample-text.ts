/** A row's value of a column; nothing for a row that is not a record (a transformation's text). */
export const cellOf = (row: unknown, column: string): unknown =>
  typeof row === "object" && row !== null ? (row as Record<string, unknown>)[column] : undefined;

/** A sample's rows as NDJSON (one object per line) and as CSV (nested values as JSON in a cell). */
export function rowsAsJson(rows: readonly unknown[]): string {
  return rows.map((r) => JSON.stringify(r)).join("\n");
}

const csvCell = (v: unknown): string => {
  const text = v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export function rowsAsCsv(rows: readonly unknown[], columns: readonly string[]): string {
  return [
    columns.map(csvCell).join(","),
    ...rows.map((r) => columns.map((c) => csvCell(cellOf(r, c))).join(",")),
  ].join("\n");
}
