import type { LiveDelivery } from "../../model/delivery-report.ts";
import type { ExecutionMode } from "../../store/store-records.ts";

/*
 * What the run-events stream (GET /run/events/{id}) sends while a run goes: plain data, kept apart
 * from the run progress's logic so that the HTTP contract (src/api/contract.ts), and through it
 * the web UI, can name these types without importing server code.
 */

/** One step of a running plan, as the run-events stream tells it. */
export interface StepProgress {
  readonly name: string;
  readonly done: number;
  readonly total: number;
  readonly status: "running" | "done";
  /** Records per second since the step started (its final rate once done). */
  readonly rowsPerSecond: number;
  /** Seconds left at the current rate; null before the first batch. */
  readonly etaSeconds: number | null;
  readonly elapsedSeconds: number;
  /** Message and HTTP steps: sent, acknowledged, failed, achieved rate and p99 latency so far. */
  readonly delivery?: LiveDelivery;
}

/** A run's live state: what a subscriber is sent first, and after each change. */
export interface RunSnapshot {
  readonly id: string;
  readonly planName: string;
  readonly mode: ExecutionMode;
  readonly status: string;
  readonly failedReason: string | null;
  readonly elapsedSeconds: number;
  readonly steps: readonly StepProgress[];
}
