import type { StepReport } from "../model/step-report.ts";
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

/** One line per step whose rows a parent or perField decides: which count won and why. */
export function countSummary(steps: readonly StepReport[]): string {
  return steps
    .filter((s) => s.countRule && s.success && !s.skipped)
    .map((s) => `${s.name}: ${groupDigits(s.records)} rows: ${s.countRule}\n`)
    .join("");
}

/**
 * One line per message or HTTP step under the table: what was sent, acknowledged and failed,
 * the achieved rate against the schedule's, and the latency percentiles.
 */
export function deliverySummary(steps: readonly StepReport[]): string {
  return steps
    .flatMap((s) => {
      const d = s.delivery;
      if (!d) return [];
      const l = d.latencyMs;
      const target = d.schedule ? ` (target mean ${groupDigits(Math.round(d.schedule.meanRate))}/s)` : "";
      const behind = d.behindSeconds ? `, up to ${d.behindSeconds.toFixed(2)} s behind schedule` : "";
      const latency = l
        ? `, latency ms p50 ${l.p50.toFixed(2)} p90 ${l.p90.toFixed(2)} p99 ${l.p99.toFixed(2)} max ${l.max.toFixed(2)}`
        : "";
      const responses = d.responses
        ? `, responses ${Object.entries(d.responses)
            .map(([k, v]) => `${k}: ${groupDigits(v)}`)
            .join(" ")}`
        : "";
      const errors = d.errors.length > 0 ? `; first error: ${d.errors[0]!.message}` : "";
      return [
        `${s.name}: ${groupDigits(d.sent)} sent, ${groupDigits(d.acknowledged)} acknowledged, ${groupDigits(d.failed)} failed, ${groupDigits(Math.round(d.achievedRate))}/s${target}${behind}${latency}${responses}${errors}\n`,
      ];
    })
    .join("");
}
