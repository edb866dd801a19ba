import type { RecordBatch, Schema } from "apache-arrow";
import type { ResolvedStep } from "../model/resolved-plan.ts";

/** What a connector is told about the step it is about to receive. */
export interface StepTarget {
  readonly step: ResolvedStep;
  readonly schema: Schema;
  readonly rowCount: number;
  /** The run's id: part files carry it so runs never collide. */
  readonly runId: string;
  /** The plan's name: outputs remember which plan wrote them, for delete mode. */
  readonly planName: string;
}

export interface SinkResult {
  readonly records: number;
  readonly bytes: number;
  /** Where the data went: files written, or the table/topic/URL. */
  readonly outputs: readonly string[];
}

/**
 * Receives one step's batches in row order. `write` gets Arrow batches; a sink that can take
 * bytes its workers already encoded says so with `acceptsEncoded` (NDJSON and CSV files).
 * `close` makes the output visible (rename-on-complete); `abort` leaves nothing that looks finished.
 */
export interface StepSink {
  readonly acceptsEncoded?: { readonly format: string; readonly options: Readonly<Record<string, string>> };
  write(batch: RecordBatch, startRow: number): Promise<void>;
  writeEncoded?(bytes: Uint8Array, startRow: number, rows: number): Promise<void>;
  close(): Promise<SinkResult>;
  abort(): Promise<void>;
  /** Bytes written so far (checked against a run's byte limit as the step goes). */
  readonly bytesWritten?: number;
}

/** What delete mode removed from one output. */
export interface DeleteOutcome {
  readonly records: number;
  readonly outputs: readonly string[];
}

/** A destination kind (files, a database, a broker): opens a sink per step, or skips it. */
export interface Connector {
  readonly name: string;
  open(target: StepTarget): Promise<StepSink | { readonly skipped: string }>;
  /** Removes what earlier runs of the plan wrote for this step (delete mode). */
  deleteGenerated(step: StepTarget["step"], planName: string): Promise<DeleteOutcome>;
}
