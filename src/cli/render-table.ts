/** Options of a terminal table. */
export interface TableOptions {
  /** Terminal width; columns are narrowed (widest first) until the table fits. */
  readonly width?: number;
  /** Widest a column may be before it is cut with an ellipsis. */
  readonly maxColumn?: number;
}

const MIN_COLUMN = 4;

/** A value as one line of text: nested values as compact JSON, null as an empty-looking marker. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "∅";
  if (typeof value === "string") return value.replace(/[\r\n\t]/g, " ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function cut(text: string, width: number, right: boolean): string {
  if (text.length <= width) return right ? text.padStart(width) : text.padEnd(width);
  return `${text.slice(0, Math.max(0, width - 1))}…`;
}

/**
 * Rows as a readable table with a header and a rule, one line per row: what `rowforge sample`
 * prints on a terminal. Column order follows the first row's keys, then any keys later rows add.
 */
export function renderTable(rows: readonly Record<string, unknown>[], o: TableOptions = {}): string {
  const names: string[] = [];
  for (const row of rows) for (const k of Object.keys(row)) if (!names.includes(k)) names.push(k);
  if (names.length === 0) return rows.length === 0 ? "(no rows)\n" : "(rows without fields)\n";
  const cells = rows.map((row) => names.map((n) => cellText(row[n])));
  // Numbers line up on the right, as people read them.
  const numeric = names.map((n) =>
    rows.every((row) => row[n] === null || row[n] === undefined || typeof row[n] === "number"),
  );
  const maxColumn = o.maxColumn ?? 40;
  const widths = names.map((n, i) =>
    Math.min(maxColumn, Math.max(n.length, ...cells.map((r) => r[i]!.length), 1)),
  );
  if (o.width !== undefined) {
    const separators = 3 * (names.length - 1);
    let total = widths.reduce((a, b) => a + b, 0) + separators;
    while (total > o.width) {
      const widest = widths.indexOf(Math.max(...widths));
      if (widths[widest]! <= MIN_COLUMN) break;
      widths[widest]!--;
      total--;
    }
  }
  const line = (values: readonly string[], header = false) =>
    `${values
      .map((v, i) => cut(v, widths[i]!, numeric[i]! && !header))
      .join(" │ ")
      .trimEnd()}\n`;
  const rule = `${widths.map((w) => "─".repeat(w)).join("─┼─")}\n`;
  return line(names, true) + rule + cells.map((c) => line(c)).join("");
}
