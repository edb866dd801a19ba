import { maskText } from "../app/catalog/secrets.ts";
import type { RolledBack } from "../app/runs/roll-back-run.ts";
import type { RunResult } from "../app/runs/run-plan.ts";
import type { StepReport } from "../model/step-report.ts";
import { groupDigits } from "../util/group-digits.ts";

const where = (r: StepReport): string =>
  `step ${r.name} (data source ${r.dataSource}, ${r.format})${r.outputs.length > 0 ? ` → ${r.outputs.join(", ")}` : ""}`;

/** What brokers and HTTP endpoints acknowledged in a run, a line per step: kept whatever happens. */
function deliveredLines(reports: readonly StepReport[]): string[] {
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
function committedLines(reports: readonly StepReport[]): string[] {
  const rows = reports
    .filter((r) => r.delivery === undefined && r.success && !r.skipped && r.records > 0)
    .map((r) => `  ${where(r)}: ${groupDigits(r.records)} rows`);
  return [...rows, ...deliveredLines(reports)];
}

/** What `--on-failure rollback` removed (a delete's step reports), a line per step that had rows, or failed. */
function removedLines(reports: readonly StepReport[]): string[] {
  return reports
    .filter((r) => !r.success || r.records > 0)
    .map((r) =>
      r.success
        ? `  ${where(r)}: ${groupDigits(r.records)} rows removed`
        : `  ${where(r)}: NOT removed: ${r.error ?? "the delete failed"}`,
    );
}

/**
 * After a failed run: what it left written and the command that removes it, or what
 * `--on-failure rollback` removed (and what it could not: delivered messages, a failed delete).
 */
export function failureReport(
  result: RunResult,
  rollback: RolledBack | { readonly error: string } | undefined,
  command: string | undefined,
): string {
  if (rollback && "result" in rollback) {
    const removed = removedLines(rollback.result.steps);
    const kept = deliveredLines(result.steps);
    const head = rollback.result.success
      ? `rolled back (--on-failure rollback): what run ${result.runId} committed is removed`
      : `the rollback FAILED: ${maskText(rollback.result.failedReason ?? "")}`;
    const again = rollback.result.success || !command ? "" : `remove the rest with: ${command}\n`;
    return `${head}${removed.length + kept.length > 0 ? `:\n${[...removed, ...kept].join("\n")}` : " (it had committed nothing)"}\n${again}`;
  }
  const lines = committedLines(result.steps);
  if (lines.length === 0) return "nothing of the run stays written\n";
  const failedRollback = rollback ? `the rollback could not start: ${maskText(rollback.error)}\n` : "";
  const remove = command
    ? `remove what this run wrote with: ${command} (--on-failure rollback does this before exiting)`
    : "this run is not recorded (--no-history): delete mode cannot find its database rows; remove them by hand";
  return `${failedRollback}committed before the run stopped (kept):\n${lines.join("\n")}\n${remove}\n`;
}

/**
 * The command that removes what run `runId` of plan `file` wrote (`homeFlag`: the --home it ran
 * with); none when the run was not recorded (--no-history).
 */
export function deleteCommand(
  file: string,
  runId: string,
  homeFlag: string | undefined,
  recorded: boolean,
): string | undefined {
  if (!recorded) return undefined;
  const arg = (a: string) => (/^[\w./:@%+=,-]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`);
  return `rowforge run ${arg(file)} --mode delete --run ${runId}${homeFlag ? ` --home ${arg(homeFlag)}` : ""}`;
}
