import { GENERATOR_VERSION } from "../../engine/index.ts";
import { summaryRow, type ValidationResult } from "../../quality/index.ts";
import type { ExecutionRecord } from "../../store/index.ts";
import type { RecomputeFacts } from "./run-details.ts";
import type { JobEnd } from "./run-host.ts";
import { type JournalEntry, stoppedSteps } from "./run-journal.ts";
import { timeTaken } from "./time-taken.ts";

/** What a run's record becomes when its job ends, and what its report and delete mode need. */
export interface JobOutcome {
  readonly change: Partial<ExecutionRecord>;
  readonly seed: string;
  readonly generatorVersion: number;
  readonly recompute?: RecomputeFacts;
  readonly validations?: readonly ValidationResult[];
}

/**
 * The outcome of a job's end: its result when it ran to its end; else (it threw, its thread
 * failed, or it was ended at once with `stopReason`) a failed record with the steps its
 * journal holds and the time it ran.
 */
export function jobOutcome(
  end: JobEnd,
  journal: Pick<JournalEntry, "steps" | "current" | "seconds">,
  seconds: number,
  stopReason: unknown,
): JobOutcome {
  if (end.kind === "done") {
    const r = end.result;
    return {
      change: {
        status: r.success ? "success" : "failed",
        failedReason: r.failedReason,
        generationSummary: r.steps,
        validationSummary: (r.validations ?? []).map(summaryRow),
        timeTaken: timeTaken(r.seconds),
        seed: r.seed,
        nowMicros: r.nowMicros,
      },
      seed: r.seed,
      generatorVersion: r.generatorVersion,
      ...(r.recompute ? { recompute: r.recompute } : {}),
      ...(r.validations ? { validations: r.validations } : {}),
    };
  }
  const why =
    end.kind === "stopped"
      ? reasonOf(stopReason)
      : end.error instanceof Error
        ? end.error.message
        : String(end.error);
  return {
    change: {
      status: "failed",
      failedReason: why,
      generationSummary: stoppedSteps(journal, why),
      timeTaken: timeTaken(seconds),
    },
    seed: "",
    generatorVersion: GENERATOR_VERSION,
  };
}

/** A stop's reason as a run's failedReason. */
const reasonOf = (reason: unknown): string =>
  reason instanceof Error ? reason.message : reason === undefined ? "cancelled" : String(reason);
