import type { StepReport } from "../../model/step-report.ts";
import type { ValidationResult } from "../../quality/index.ts";

/** Everything a run report shows; results.json is this object. */
export interface ReportData {
  readonly runId: string;
  readonly planName: string;
  readonly planDescription: string;
  readonly mode: string;
  readonly status: string;
  readonly failedReason: string | null;
  readonly createdTs: string;
  readonly finishedTs: string;
  readonly timeTaken: string;
  readonly seed: string;
  /** The run's reference time ("now", ISO 8601): with the seed, what repeats the run byte for byte. */
  readonly now?: string;
  readonly generatorVersion: number;
  readonly steps: readonly StepReport[];
  /** The plan's validations, run on what the run wrote (absent when none ran). */
  readonly validations?: readonly ValidationResult[];
  /** The run's configuration, secrets masked. */
  readonly configuration: unknown;
}
