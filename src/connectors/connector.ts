import type { RecordBatch, Schema, Table } from "apache-arrow";
import type { TSchema } from "typebox";
import type { ResourceAccess } from "../access/index.ts";
import type { EncodeSpec } from "../engine/index.ts";
import type { Connection, ConnectionGroup } from "../model/connection.ts";
import type { DeliveryReport } from "../model/delivery-report.ts";
import type { ResolvedStep } from "../model/resolved-plan.ts";
import type { RunTransaction } from "./run-transaction.ts";
import type { DatabaseTypes } from "./table/column-types.ts";
import type { StepSessions } from "./table/step-sessions.ts";
import type { TableDescription, TableStep } from "./table-description.ts";

/** What a connector is told about the step it is about to receive. */
export interface StepTarget {
  readonly step: ResolvedStep;
  readonly schema: Schema;
  readonly rowCount: number;
  /** The run's id: part files carry it so runs never collide. */
  readonly runId: string;
  /** The plan's name: outputs remember which plan wrote them, for delete mode. */
  readonly planName: string;
  /** The run's cancellation: sinks that wait (paced message steps) stop waiting when it fires. */
  readonly signal?: AbortSignal;
  /** What the files and URLs the step names may be (outputs, schemas, targets). */
  readonly access: ResourceAccess;
  /**
   * The run's one transaction (`--transaction plan`): the sink writes inside it and commits
   * nothing itself; the run commits (or rolls back) once at its end. Connectors that take it
   * say so (capabilities.runTransaction).
   */
  readonly transaction?: RunTransaction;
  /**
   * The run's kept connections (table/step-sessions.ts): a database sink takes the one its
   * step's table was read and checked through instead of connecting again.
   */
  readonly sessions?: StepSessions;
}

export interface SinkResult {
  readonly records: number;
  readonly bytes: number;
  /** Where the data went: files written, or the table/topic/URL. */
  readonly outputs: readonly string[];
  /** What a message or HTTP step delivered: counts, latencies, rates (messaging/delivery-report.ts). */
  readonly delivery?: DeliveryReport;
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

/**
 * A file or folder a run makes while it writes a step and removes when it ends (or makes
 * visible under another name): what a run stopped at once (its thread ended, its process
 * killed) leaves behind, and what is removed for it afterwards. Every one is named by the run's id.
 */
export interface Leftover {
  readonly path: string;
  /** `temporary`: removed whole (a folder with all it holds); `lock`: removed if the run still holds it. */
  readonly kind: "temporary" | "lock";
}

/** What delete mode removed from one output. */
export interface DeleteOutcome {
  readonly records: number;
  readonly outputs: readonly string[];
  /** The earlier runs (ids) whose rows of this step it removed: they are marked deleted in the history. */
  readonly runs?: readonly string[];
  /** Why nothing was removed, when nothing was (every run already deleted, say): the step report shows it. */
  readonly note?: string;
}

/**
 * One earlier generate run of a plan that wrote a step, as rowforge's run history knows it.
 * Its rows are regenerated on demand: values derive from the seed, the step, the field, the
 * row index and the run's reference time, so the run's keys need not have been kept.
 */
export interface GeneratedRun {
  readonly runId: string;
  /** ISO 8601 UTC: when the run was made (runs come oldest first). */
  readonly createdTs: string;
  /** Rows it wrote for the step. */
  readonly records: number;
  /** Where its step report says the rows went (`postgres://host:port/db/schema.table`, files, ...). */
  readonly outputs: readonly string[];
  /**
   * Its rows [0, records) of the step again, in batches of at most `batchRows`, with the
   * step's output columns. Throws RF_DELETE_NOT_RECOMPUTABLE (before the first batch) when
   * they cannot be regenerated: another generator version, or the plan changed since.
   */
  batches(batchRows: number): Iterable<RecordBatch>;
}

/**
 * What earlier runs wrote for a step, from rowforge's run history, for connectors that cannot
 * list it themselves (databases). `runs` is undefined when no history is at hand; `missing`
 * then says why and what to do.
 */
export interface StepHistory {
  /** Runs that wrote the step and whose rows of it were not deleted yet, oldest first. */
  readonly runs: readonly GeneratedRun[] | undefined;
  readonly missing?: string;
  /** Runs of the plan whose rows of this step were deleted already: for a "nothing left" note. */
  readonly deletedBefore: readonly { readonly runId: string; readonly outputs: readonly string[] }[];
  /**
   * Generate runs of the plan the history holds, whatever they wrote: none means the history
   * cannot know what was written (runs made elsewhere, or the history cleared), an error.
   */
  readonly planRuns: number;
  /**
   * Only these runs' data is deleted (`--run`, a failed run rolled back): connectors that list
   * what runs wrote themselves (files' manifests) keep to them; absent: every run's.
   */
  readonly onlyRuns?: readonly string[];
}

/** What reference mode (enableReferenceMode) asks of a source: the key fields of its existing rows. */
export interface ReferenceRequest {
  /** Top-level fields (columns) to read, in order: the foreign key's source fields. */
  readonly fields: readonly string[];
  /** At most this many distinct keys are read; more is RF_REFERENCE_TOO_LARGE naming the step. */
  readonly maxRows: number;
  /** What the files the step names may be. */
  readonly access: ResourceAccess;
}

/** What validations ask of a source: every row of its existing data, in batches. */
export interface ReadBackRequest {
  /** At most this many rows per batch. */
  readonly batchRows: number;
  /** Stops the reading between batches. */
  readonly signal?: AbortSignal;
  /** What the files the source names may be. */
  readonly access: ResourceAccess;
  /**
   * An existing folder for what the reading writes to disk (message spools, a database
   * engine's spill files): a run's own, removed with it. Default: the system's temporary folder.
   */
  readonly scratchDir?: string;
}

/** A source's rows read back: the Arrow schema first (known before any row), then the batches. */
export interface ReadBack {
  readonly schema: Schema;
  /** Where the rows were read from (files, `postgres://host:port/db/table`), for messages and reports. */
  readonly source: string;
  readonly batches: AsyncIterable<RecordBatch>;
  /** How many rows the batches hold, when the source knows before reading them (Parquet footers); a sizing hint. */
  readonly rows?: number;
  /**
   * The batches with only the columns asked for decoded, when the source can skip the others
   * (Parquet): the batches keep the schema, and what was not asked for comes back NULL. Read
   * either these or `batches`, once; `batches` stays unread for a second, whole read.
   */
  readonly batchesOf?: (needs: readonly ColumnNeed[]) => AsyncIterable<RecordBatch>;
  /** Releases what the reading holds (also when the batches were not read to the end). */
  close(): Promise<void>;
}

/**
 * A column a reader of only some columns must decode (ReadBack.batchesOf): a top-level field, or
 * a field of a struct under it (`path`, the schema's names), with all its values or only the
 * sizes of its arrays (their items may then come back NULL).
 */
export interface ColumnNeed {
  readonly path: readonly string[];
  readonly sizesOnly?: boolean;
}

/** What a connector can do, so callers and the conformance suite know what to expect of it. */
export interface ConnectorCapabilities {
  /** It may ask workers for encoded text rather than Arrow batches (`accepts.encoded`). */
  readonly encodedText: boolean;
  /** It may cut a step's rows into parts (`rowBounds` with more than one range). */
  readonly parts: boolean;
  /** It can remove what earlier runs of a plan wrote (delete mode). */
  readonly delete: boolean;
  /**
   * Its delete mode works from the run history (`deleteGenerated`'s `history`): runs record a
   * check value of the rows they write through it, so their rows can be regenerated. Default no.
   */
  readonly deletesByHistory?: boolean;
  /** Its steps can write inside the run's one transaction (StepTarget.transaction). Default no. */
  readonly runTransaction?: boolean;
}

/** What testing a connection found (the caller adds how long it took). */
export interface ConnectionTestOutcome {
  readonly success: boolean;
  /** One sentence: what was reached and where (host:port, path), or what is wrong. Never a secret. */
  readonly message: string;
  /** Facts found on the way: server version, database, whether tables can be created, ... */
  readonly details: Readonly<Record<string, string | number | boolean>>;
}

/** A destination kind (files, a database, a broker): checks a step, opens a sink per step, or skips it. */
export interface Connector {
  readonly name: string;
  /** The step formats or connection types it serves (`json`, `csv`, ...; `postgres`, ...). */
  readonly formats: readonly string[];
  /**
   * Other names users write for its first format (Data Caterer's and Spark's: `postgresql`,
   * `org.apache.spark.sql.cassandra`), in any case; a step or connection so named is that format.
   */
  readonly aliases?: readonly string[];
  /** Words a `jdbc` connection's url or driver names it by (`postgres`): such a connection is its first format. */
  readonly jdbcWords?: readonly string[];
  /** The group of its formats and aliases as connection types (`database`): what config files connections under. */
  readonly group: Extract<ConnectionGroup, "file" | "database" | "messaging" | "http">;
  readonly capabilities: ConnectorCapabilities;
  /** A database's type tables: the columns it creates for rowforge's types, and how its columns are generated. */
  readonly types?: DatabaseTypes;
  /**
   * The step options it reads, with what each means (TypeBox, connectors/option-schema.ts): what
   * docs/connector-options.md and the editor catalogue (the UI's starter keys) are rendered from.
   */
  readonly optionSchema: TSchema;
  /** Throws coded errors for step options it cannot write (no I/O): `validate` and `run` ask it first. */
  check(step: ResolvedStep): void;
  /**
   * Throws RF_PATH_NOT_ALLOWED / RF_URL_NOT_ALLOWED for a file or URL the step names that the
   * access rules refuse (outputs, schemas, endpoints), with no other I/O: what a server checks
   * when a run is submitted. `read`: the step is data read back (validations). Absent when the
   * step names none (databases, brokers' hosts).
   */
  checkAccess?(step: ResolvedStep, access: ResourceAccess, use: "write" | "read"): Promise<void>;
  /**
   * Throws coded errors for a destination it must refuse (looks at it, writes nothing): run's
   * preflight. Files and URLs the step names are checked against `access` first. Databases
   * look through the connection `sessions` keeps for the step's server, when given.
   */
  checkTarget(step: ResolvedStep, access: ResourceAccess, sessions?: StepSessions): Promise<void>;
  open(target: StepTarget): Promise<StepSink | { readonly skipped: string }>;
  /**
   * What a run of id `runId` may leave behind writing this step when it is stopped at once
   * (named before its sink makes them; paths where `access` places them, no other I/O). Absent or empty when a stopped run leaves
   * nothing (a database transaction is rolled back when its connection goes).
   */
  leftovers?(step: ResolvedStep, runId: string, access: ResourceAccess): Promise<readonly Leftover[]>;
  /**
   * Whether its sink keeps the calling thread busy for this step (encoding a binary format,
   * say): a run then leaves that thread a core of its own instead of a worker. Default no.
   */
  busiesCallingThread?(step: ResolvedStep): boolean;
  /**
   * Reads the step's table from the database (columns, types, keys, foreign keys), for steps
   * whose fields come from it; undefined when the table does not exist. Database connectors
   * only; through the connection `sessions` keeps for the step's server, when given.
   */
  describe?(step: ResolvedStep, sessions?: StepSessions): Promise<TableDescription | undefined>;
  /**
   * The tables of a connection's schema (keyspace, database), each as a step name and the step
   * options naming it, in name order: what a data source without steps stands for under the
   * flag enableGeneratePlanAndTasks. Database connectors only.
   */
  listTables?(connection: Connection): Promise<readonly TableStep[]>;
  /**
   * Reads the existing data of a reference step (enableReferenceMode) that is a foreign-key
   * parent: the distinct tuples of the requested fields without nulls, sorted, as Arrow columns
   * (reference/reference-table.ts). Absent when the connector cannot read its kind of source.
   */
  readReference?(step: ResolvedStep, request: ReferenceRequest): Promise<Table>;
  /**
   * Opens the existing data a step's options point at (the files under its path, its table)
   * to read every row back as Arrow batches, for validations. Throws coded errors for data
   * that is missing or cannot be read. Absent when the connector cannot read its kind of source.
   */
  readBack?(step: ResolvedStep, request: ReadBackRequest): Promise<ReadBack>;
  /**
   * Tests a connection on its own (its options, no step): reaches the destination within the
   * connection's timeout, reads what it can about it and writes nothing. A destination that
   * answers but cannot be written to is `success: false`; one that cannot be reached (or
   * refuses the login) may simply throw its coded error (RF_DB_UNREACHABLE, ...), which the
   * caller turns into a failed answer. Optional: a connector without it is reported as one
   * rowforge cannot test yet.
   */
  testConnection?(connection: Connection, access: ResourceAccess): Promise<ConnectionTestOutcome>;
  /**
   * Removes what earlier runs of the plan wrote for this step (delete mode). Files list what
   * each run wrote in manifests; databases use `history` (the runs to delete, their rows
   * regenerated). A connector that needs the history and gets none (or `runs` undefined)
   * throws RF_DELETE_HISTORY_MISSING with `history.missing`.
   */
  deleteGenerated(
    step: ResolvedStep,
    planName: string,
    history: StepHistory | undefined,
    access: ResourceAccess,
  ): Promise<DeleteOutcome>;
}

/** A connector that parses a step's options once (`prepare`): every other call on that step uses what it returned. */
export interface PreparingConnector<O> extends Connector {
  /** The step's options, parsed and checked once per step (coded errors, no I/O). */
  prepare(step: ResolvedStep): O;
}
