import type { StepReport } from "../app/runs/step-report.ts";
import { groupDigits } from "../util/group-digits.ts";

/** The run summary: step, format, records, seconds, rows/s and output path, aligned in columns. */
export function summaryTable(steps: readonly StepReport[]): string {
  const rows = [
    ["step", "format", "records", "seconds", "rows/s", "output"],
    ...steps.map((s) => [
      s.name,
      s.format,
      groupDigits(s.records),
      s.seconds.toFixed(2),
      groupDigits(Math.round(s.rowsPerSecond)),
      s.skipped ? `skipped: ${s.skipped}` : s.error ? `failed: ${s.error}` : summarisePaths(s.outputs),
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const numeric = [false, false, true, true, true, false];
  return `${rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : numeric[c] ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join("  ")).join("\n")}\n`;
}

function summarisePaths(outputs: readonly string[]): string {
  if (outputs.length === 0) return "";
  if (outputs.length === 1) return outputs[0]!;
  const dir = outputs[0]!.slice(0, outputs[0]!.lastIndexOf("/"));
  return `${dir}/ (${outputs.length} files)`;
}
