/** A sample's rows as NDJSON (one object per line) and as CSV (nested values as JSON in a cell). */
export function rowsAsJson(rows: readonly Record<string, unknown>[]): string {
  return rows.map((r) => JSON.stringify(r)).join("\n");
}

const csvCell = (v: unknown): string => {
  const text = v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export function rowsAsCsv(rows: readonly Record<string, unknown>[], columns: readonly string[]): string {
  return [
    columns.map(csvCell).join(","),
    ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(",")),
  ].join("\n");
}
