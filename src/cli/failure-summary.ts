import type { StepReport } from "../app/runs/step-report.ts";
import { groupDigits } from "../util/group-digits.ts";

const where = (r: StepReport): string =>
  `step ${r.name} (data source ${r.dataSource}, ${r.format})${r.outputs.length > 0 ? ` → ${r.outputs.join(", ")}` : ""}`;

/** What brokers and HTTP endpoints acknowledged in a run, a line per step: kept whatever happens. */
export function deliveredLines(reports: readonly StepReport[]): string[] {
  return reports
    .filter((r) => r.delivery !== undefined && r.delivery.acknowledged > 0)
    .map(
      (r) =>
        `  ${where(r)}: ${groupDigits(r.delivery!.acknowledged)} messages delivered, which cannot be taken back`,
    );
}

/**
 * What a failed run left written, a line per step: the rows of the steps it finished (committed)
 * and what was delivered. Empty when nothing was written.
 */
export function committedLines(reports: readonly StepReport[]): string[] {
  const rows = reports
    .filter((r) => r.delivery === undefined && r.success && !r.skipped && r.records > 0)
    .map((r) => `  ${where(r)}: ${groupDigits(r.records)} rows`);
  return [...rows, ...deliveredLines(reports)];
}

/** What `--on-failure rollback` removed (a delete's step reports), a line per step that had rows, or failed. */
export function removedLines(reports: readonly StepReport[]): string[] {
  return reports
    .filter((r) => !r.success || r.records > 0)
    .map((r) =>
      r.success
        ? `  ${where(r)}: ${groupDigits(r.records)} rows removed`
        : `  ${where(r)}: NOT removed: ${r.error ?? "the delete failed"}`,
    );
}
