import type { DeliveryReport } from "./delivery-report.ts";

/** What a run did for one step: the per-step element of a run's generation summary. */
export interface StepReport {
  readonly name: string;
  readonly task: string;
  readonly dataSource: string;
  readonly format: string;
  readonly records: number;
  /** Why the step has its number of rows when count.records alone does not decide it (a parent, perField). */
  readonly countRule?: string;
  readonly bytes: number;
  readonly seconds: number;
  readonly rowsPerSecond: number;
  readonly success: boolean;
  readonly outputs: readonly string[];
  /** Why the step wrote nothing (saveMode ignore), when it did not. */
  readonly skipped?: string;
  readonly error?: string;
  /** The error's stable code (RF_...), when the step failed with a coded error. */
  readonly errorCode?: string;
  /** Message and HTTP steps: what was sent, acknowledged and failed, latencies and rates. */
  readonly delivery?: DeliveryReport;
}

/** A run's failure reason from its failed step: the step named once, also when the error already names it. */
export const stepFailure = (stepName: string, message: string): string => {
  const prefix = `step "${stepName}"`;
  return message.startsWith(prefix) ? message : `${prefix}: ${message}`;
};
