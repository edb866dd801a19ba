import { join } from "node:path";
import { maskText } from "../app/catalog/secrets.ts";
import type { ForegroundEnding } from "../app/runs/run-in-foreground.ts";
import { ERROR_CODES, type ErrorCode } from "../errors/index.ts";
import type { ResolvedPlan } from "../model/resolved-plan.ts";
import { groupDigits } from "../util/group-digits.ts";
import { cancelSummary } from "./cancel-summary.ts";
import type { CliIo } from "./cli-io.ts";
import {
  EXIT_FAILED,
  EXIT_INTERRUPTED,
  EXIT_INVALID,
  EXIT_OK,
  EXIT_VALIDATION_FAILED,
} from "./exit-codes.ts";
import { deleteCommand, failureReport } from "./failure-summary.ts";
import { countSummary, deliverySummary, summaryTable } from "./summary-table.ts";
import { validationTable } from "./validation-table.ts";

/** What `run` was asked and saw, besides the run's own ending, for its summary. */
export interface RunTelling {
  readonly file: string;
  readonly plan: ResolvedPlan;
  readonly mode: "generate" | "delete";
  readonly json: boolean;
  readonly quiet: boolean;
  /** --home as given (the delete command repeats it), and whether the run had a home. */
  readonly homeFlag: string | undefined;
  readonly hasHome: boolean;
  /** The signal that cancelled the run (Ctrl-C: SIGINT), if one did. */
  readonly interruptedBy: string | undefined;
  /** Each step's last progress, for what a cancelled run had done. */
  readonly stepProgress: ReadonlyMap<string, { done: number; total: number }>;
}

/**
 * Prints a finished run (the summary table, or JSON; its report; what a failure left and the
 * command that removes it) and answers the exit code.
 */
export function tellRunEnding(io: CliIo, ending: ForegroundEnding, t: RunTelling): number {
  const { result, rollback } = ending;
  // A plan that asks for more than the budget is invalid input, found while generating or not.
  const budgetExceeded = result.steps.some((s) => !s.success && s.errorCode === "RF_BUDGET_EXCEEDED");
  const failedExit = t.interruptedBy ? EXIT_INTERRUPTED : budgetExceeded ? EXIT_INVALID : EXIT_FAILED;
  // A step writing its data to standard output (path "-") keeps stdout for the data alone.
  const report = t.plan.steps.some((s) => s.step.options.path?.trim() === "-") ? io.err : io.out;
  const validationsFailed = result.validations?.some((v) => !v.success) === true;
  const okExit = validationsFailed ? EXIT_VALIDATION_FAILED : EXIT_OK;
  const exit = result.success ? okExit : failedExit;
  if (t.json) {
    const rolledBack = rollback && "result" in rollback ? { rollback: rollback.result } : {};
    report(`${JSON.stringify({ ...result, ...rolledBack }, null, 2)}\n`);
    return exit;
  }
  const deleting = t.mode === "delete";
  // CHECK constraints the rows may break: said before the table, where a failure will point.
  if (!t.quiet)
    for (const w of result.warnings ?? []) io.err(`warning RF_DB_CHECK_NOT_HONOURED: ${maskText(w)}\n`);
  report(summaryTable(result.steps));
  report(countSummary(result.steps));
  report(deliverySummary(result.steps));
  if (result.validations) report(validationTable(result.validations));
  const now = new Date(result.nowMicros / 1000).toISOString();
  report(
    `${result.success ? "done" : "FAILED"}: plan ${result.planName}, ${
      // A delete regenerates each earlier run with that run's own seed and time: none of its own to repeat.
      deleting
        ? ""
        : `seed ${result.seed}, now ${now}${result.seedChosen ? " (seed chosen at random)" : ""} (repeat with --seed ${result.seed} --now ${now}), `
    }${groupDigits(result.steps.reduce((n, s) => n + s.records, 0))} records ${deleting ? "deleted" : "written"} in ${result.seconds.toFixed(2)} s, run ${result.runId}\n`,
  );
  if (ending.reportDir) report(`report: ${join(ending.reportDir, "index.html")}\n`);
  if (ending.note)
    io.err(`note: ${ending.recorded ? "" : "the run is not in the history: "}${ending.note}\n`);
  if (!result.success) {
    // The failing step's own code follows the reason (a row-time SQL error is RF_VALUE_INVALID).
    const stepCode = result.steps.find((s) => !s.success)?.errorCode;
    io.err(
      result.cancelled
        ? `error RF_RUN_CANCELLED: ${maskText(result.failedReason ?? "")}${t.interruptedBy ? ` (${t.interruptedBy})` : ""}\n`
        : `error RF_RUN_FAILED: ${maskText(result.failedReason ?? "")}${stepCode && stepCode !== "RF_RUN_FAILED" ? ` [${stepCode}]` : ""}\n`,
    );
    if (result.cancelled)
      io.err(
        cancelSummary(
          t.plan.steps.map((s) => s.step.name),
          result.steps,
          t.stepProgress,
        ),
      );
    if (!result.cancelled && stepCode && stepCode !== "RF_RUN_FAILED" && stepCode in ERROR_CODES)
      io.err(`    hint: ${ERROR_CODES[stepCode as ErrorCode].hint}\n`);
    if (!deleting)
      io.err(failureReport(result, rollback, deleteCommand(t.file, result.runId, t.homeFlag, t.hasHome)));
  }
  if (result.success && validationsFailed)
    io.err(
      `validations FAILED: ${result.validations!.filter((v) => !v.success).length} of ${result.validations!.length} (exit ${EXIT_VALIDATION_FAILED})\n`,
    );
  return exit;
}
