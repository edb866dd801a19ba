import type { ValidationResult } from "../quality/index.ts";
import { groupDigits } from "../util/group-digits.ts";

const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

/**
 * The validations after a run (or `check`): one line per validation with its outcome, what was
 * checked and failed, the threshold and the check; then, for each failure, its error or note
 * and up to 3 of its failing records.
 */
export function validationTable(results: readonly ValidationResult[]): string {
  if (results.length === 0) return "";
  const rows = [
    ["", "data source", "checked", "failed", "threshold", "validation"],
    ...results.map((r) => [
      r.success ? "ok" : "FAIL",
      r.dataSource,
      `${groupDigits(r.records)} ${r.unit}`,
      groupDigits(r.failed),
      r.errorThreshold === undefined ? "" : String(r.errorThreshold),
      clip(r.description, 70),
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const numeric = [false, false, true, true, true, false];
  const table = rows
    .map((r) =>
      r
        .map((cell, c) =>
          c === r.length - 1 ? cell : numeric[c] ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!),
        )
        .join("  "),
    )
    .join("\n");
  const details = results
    .filter((r) => !r.success || r.note)
    .map((r) => {
      const lines = [`  ${r.success ? "note" : "failed"}: ${r.description} (${r.dataSource}, ${r.source})`];
      if (r.error) lines.push(`    error ${r.error.code}: ${r.error.message}`);
      if (r.note) lines.push(`    note: ${r.note}`);
      for (const s of r.sample.slice(0, 3)) lines.push(`    ${clip(JSON.stringify(s), 160)}`);
      return lines.join("\n");
    });
  const passed = results.filter((r) => r.success).length;
  return `\nvalidations: ${passed} of ${results.length} passed\n${table}\n${details.length > 0 ? `${details.join("\n")}\n` : ""}`;
}
