import type { StepReport } from "../model/step-report.ts";
import { groupDigits } from "../util/group-digits.ts";

/** How far a step got: rows done of rows planned, as progress last reported them. */
export type StepProgress = ReadonlyMap<string, { readonly done: number; readonly total: number }>;

const count = (n: number) => groupDigits(n);

/**
 * One line after a cancelled run: which steps were written and kept, which one was stopped (its
 * temporary files removed), and which never started.
 */
export function cancelSummary(
  stepNames: readonly string[],
  reports: readonly StepReport[],
  progress: StepProgress,
): string {
  const byName = new Map(reports.map((r) => [r.name, r]));
  const kept: string[] = [];
  const stopped: string[] = [];
  const notStarted: string[] = [];
  for (const name of stepNames) {
    const r = byName.get(name);
    const p = progress.get(name);
    if (r?.success && !r.skipped) kept.push(`${name} (${count(r.records)} records)`);
    else if (r?.delivery)
      // Brokers and HTTP endpoints keep what they acknowledged: it cannot be taken back.
      kept.push(
        `${name} (stopped: ${count(r.delivery.acknowledged)} of ${count(r.delivery.sent)} messages sent were acknowledged${r.delivery.failed > 0 ? `, ${count(r.delivery.failed)} failed` : ""})`,
      );
    else if (r || p) {
      stopped.push(
        `${name} (stopped at ${count(p?.done ?? 0)}${p ? ` of ${count(p.total)}` : ""} rows; nothing of it kept)`,
      );
    } else notStarted.push(name);
  }
  const parts = [
    kept.length > 0 ? `kept: ${kept.join(", ")}` : "nothing was kept",
    ...(stopped.length > 0 ? [`not written: ${stopped.join(", ")}`] : []),
    ...(notStarted.length > 0 ? [`not started: ${notStarted.join(", ")}`] : []),
  ];
  return `${parts.join("; ")}\n`;
}
