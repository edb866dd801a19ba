/**
 * Rows per batch: small enough that a batch's columns and text stay in the processor's caches
 * and each worker's heap stays small (1M nested rows: 2.6 s and 400 MB at 10,000 against
 * 3.5 s and 650 MB at 50,000), large enough that the per-batch work does not show.
 */
export const DEFAULT_BATCH_SIZE = 10_000;

/**
 * Rows per batch when the workers write text straight from the engine's columns (NDJSON:
 * Format.columnEncoder), whose bytes do not depend on batch boundaries: half the default keeps
 * a batch's columns and text in the processor's caches (1M nested rows to NDJSON on 2 cores,
 * alternating runs: 2.3-2.4 s CPU at 5,000 against 2.5-2.7 s at 10,000, peak RSS 255 against
 * 274 MB). Other outputs keep DEFAULT_BATCH_SIZE (the bytes of some follow batch boundaries).
 */
export const TEXT_BATCH_SIZE = 5_000;

/** The first batch of a text output: its first bytes are written about 0.1 s after the plan is compiled. */
export const FIRST_TEXT_BATCH_ROWS = 1_000;

/**
 * A batch's worst-case bytes (rows x the step's bytes per row) stay below this: steps with
 * large rows are generated in smaller batches. Batch boundaries never change the values.
 */
export const MAX_BATCH_BYTES = 512 * 1024 * 1024;
