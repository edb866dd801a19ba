import type { RecordBatch, Schema } from "apache-arrow";
import type { EncodeSpec } from "../engine/index.ts";
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

/** What a sink is given: an Arrow batch, or rows the workers already encoded as the sink asked. */
export type SinkInput =
  | {
      readonly kind: "arrow";
      readonly batch: RecordBatch;
      /** The same batch as Arrow IPC stream bytes, when it crossed from a worker so (encoders that take IPC skip serialising it again). */
      readonly ipc?: Uint8Array;
    }
  | {
      readonly kind: "encoded";
      readonly bytes: Uint8Array;
      readonly rows: number;
      /** A segment's footer information, when the sink asked for segments (`segmentRows`). */
      readonly meta?: unknown;
    };

/**
 * Receives one step's rows in row order. `accepts` says whether it takes Arrow batches or
 * text the workers encode (and how); `rowBounds` where the rows are cut into parts (part
 * files): the run loop generates each part's rows apart, so no batch crosses a boundary.
 * `close` makes the output visible (rename-on-complete); `abort` leaves nothing that looks finished.
 */
export interface StepSink {
  /** Ascending row boundaries from 0 to the step's row count; [0, rowCount] when the rows are not cut. */
  readonly rowBounds: readonly number[];
  readonly accepts: "arrow" | { readonly encoded: EncodeSpec };
  /**
   * Writes rows starting at `startRow` (an `encoded` input only when `accepts` asked for it).
   * Resolves once the input is no longer needed: encoded bytes are reused for a later batch.
   */
  write(input: SinkInput, startRow: number): Promise<void>;
  close(): Promise<SinkResult>;
  abort(): Promise<void>;
  /** Bytes written so far (checked against a run's byte limit as the step goes). */
  readonly bytesWritten: number;
}

/** What delete mode removed from one output. */
export interface DeleteOutcome {
  readonly records: number;
  readonly outputs: readonly string[];
}

/** What a connector can do, so callers and the conformance suite know what to expect of it. */
export interface ConnectorCapabilities {
  /** It may ask workers for encoded text rather than Arrow batches (`accepts.encoded`). */
  readonly encodedText: boolean;
  /** It may cut a step's rows into parts (`rowBounds` with more than one range). */
  readonly parts: boolean;
  /** It can remove what earlier runs of a plan wrote (delete mode). */
  readonly delete: boolean;
}

/** A destination kind (files, a database, a broker): checks a step, opens a sink per step, or skips it. */
export interface Connector {
  readonly name: string;
  /** The step formats or connection types it serves (`json`, `csv`, ...; `postgres`, ...). */
  readonly formats: readonly string[];
  readonly capabilities: ConnectorCapabilities;
  /** Throws coded errors for step options it cannot write (no I/O): `validate` and `run` ask it first. */
  check(step: ResolvedStep): void;
  /** Throws coded errors for a destination it must refuse (looks at it, writes nothing): run's preflight. */
  checkTarget(step: ResolvedStep): Promise<void>;
  open(target: StepTarget): Promise<StepSink | { readonly skipped: string }>;
  /**
   * Whether its sink keeps the calling thread busy for this step (encoding a binary format,
   * say): a run then leaves that thread a core of its own instead of a worker. Default no.
   */
  busiesCallingThread?(step: ResolvedStep): boolean;
  /** Removes what earlier runs of the plan wrote for this step (delete mode). */
  deleteGenerated(step: ResolvedStep, planName: string): Promise<DeleteOutcome>;
}
