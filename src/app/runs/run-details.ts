import type { ExecutionRecord } from "../../store/index.ts";

/**
 * What a generate run records so delete mode can regenerate its rows later (the engine is
 * deterministic): the generator version and the options that change values besides the seed
 * and reference time (kept in the record itself), and a check value per step written.
 */
export interface RecomputeFacts {
  readonly generatorVersion: number;
  readonly fastMode: boolean;
  /** The configuration's generation.numRecordsPerStep when set. */
  readonly numRecordsPerStep?: number;
  /** Step id → the check value of its first rows (stepCheck): a regeneration must give the same. */
  readonly checks: Readonly<Record<string, string>>;
}

/**
 * The `details` of an execution record (never shown by the HTTP API): the report's folder,
 * what regenerates a generate run's rows, and for each step whose rows delete mode removed,
 * the id of that delete run.
 */
export interface RunDetails {
  readonly reportDir?: string;
  readonly recompute?: RecomputeFacts;
  /** Step id → the delete run that removed this run's rows of it. */
  readonly deleted?: Readonly<Record<string, string>>;
}

/** The record's details, or empty ones (records of older versions may hold none). */
export const detailsOf = (record: ExecutionRecord): RunDetails =>
  typeof record.details === "object" && record.details !== null ? (record.details as RunDetails) : {};

/** The record with `change` merged into its details. */
export const withDetails = (record: ExecutionRecord, change: RunDetails): ExecutionRecord => ({
  ...record,
  details: { ...detailsOf(record), ...change },
});
