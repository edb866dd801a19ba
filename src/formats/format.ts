import type { RecordBatch, Schema } from "apache-arrow";
import type { Column } from "../engine/index.ts";
import type { DataType } from "../model/data-type.ts";
import type { ByteSink } from "./arrow-values/byte-sink.ts";

/**
 * An encoder turns Arrow record batches into the bytes of one output (a file, a sample body,
 * a message payload). It is created for one schema, fed batches in order, and ended once.
 * Chunks it returns may be written as they come: memory stays bounded by the batch size.
 */
export interface Encoder {
  /**
   * Bytes for the batch (possibly none while the encoder buffers, e.g. a row group). `ipc`,
   * when given, is the same batch as Arrow IPC stream bytes, for encoders that read IPC.
   */
  encode(batch: RecordBatch, ipc?: Uint8Array): Uint8Array[] | Promise<Uint8Array[]>;
  /**
   * The bytes that open the output before any row (CSV's header line), once: an output whose
   * rows come already encoded (by workers, without header) asks for them here. Formats with no
   * such bytes leave it out; after it, encode and end do not write them again.
   */
  header?(): Uint8Array[];
  /** The remaining bytes: buffered rows, footers. */
  end(): Uint8Array[] | Promise<Uint8Array[]>;
  /**
   * Text encoders whose batches concatenate: the batch's bytes written straight into the
   * caller's sink (a worker's buffer that is then transferred whole, with no copy).
   */
  encodeInto?(batch: RecordBatch, out: ByteSink): void;
}

/**
 * One self-contained piece of a file (an ORC stripe, a Parquet row group) as a worker encoded
 * it: its bytes, and what the file's footer needs to know of it (plain data that crosses threads).
 */
export interface EncodedSegment {
  readonly bytes: Uint8Array;
  readonly meta: unknown;
  readonly rows: number;
}

/** Puts a file together from segments in row order: the file's opening bytes, each segment's, then the footer. */
export interface SegmentAssembler {
  append(segment: EncodedSegment): Uint8Array[];
  end(): Uint8Array[];
}

/**
 * Binary formats whose files are made of segments at fixed row counts: workers encode the
 * segments (generation and encoding off the calling thread) and the calling thread only
 * appends their bytes and writes the footer. The bytes do not depend on the batch size.
 */
export interface SegmentedFormat {
  /** Rows per segment for these options; undefined when the options cut by size (the file is then encoded whole, by createEncoder). */
  segmentRows(options: Readonly<Record<string, string>>): number | undefined;
  /**
   * Rows per batch a segment's rows must come in, when the encoder's output depends on batch
   * boundaries (Parquet pages); else they come in batches of the run's batch size.
   */
  readonly batchRows?: number;
  /** Encodes the rows of one segment, given as batches in row order (made as they are asked for). */
  encodeSegment(
    schema: Schema,
    options: Readonly<Record<string, string>>,
    batches: Iterable<RecordBatch>,
  ): EncodedSegment | Promise<EncodedSegment>;
  createAssembler(schema: Schema, options: Readonly<Record<string, string>>): SegmentAssembler;
}

/**
 * Rows written straight from the engine's columns, without the Arrow batch they would become:
 * the same bytes as the format's encodeInto of that batch. Compiled once per step's output.
 */
export interface ColumnEncoder {
  /** Writes `rows` rows of the columns (the output fields' order); false, writing nothing, when it cannot (the caller encodes the Arrow batch). */
  encodeColumns(columns: readonly Column[], rows: number, out: ByteSink): boolean;
}

/** An output field as a column encoder sees it. */
export interface ColumnField {
  readonly name: string;
  readonly type: DataType;
}

/** A format: its name as users write it, file extension, content type and encoder factory. */
export interface Format {
  readonly name: string;
  readonly extension: string;
  readonly contentType: string;
  /** Whether the bytes are text (NDJSON, CSV) or binary (Parquet, ORC). */
  readonly binary: boolean;
  /** Option keys the encoder reads (documented per format); others are ignored by it. */
  readonly optionKeys: readonly string[];
  /** Checks options before anything is written (throws like createEncoder would). */
  checkOptions?(options: Readonly<Record<string, string>>): void;
  /** Throws RowforgeError (RF_FORMAT_OPTION_INVALID / RF_FORMAT_TYPE_UNSUPPORTED / RF_FORMAT_UNKNOWN) naming the option for bad options or types it cannot hold. */
  createEncoder(schema: Schema, options: Readonly<Record<string, string>>): Encoder;
  /** Formats whose files can be put together from segments encoded apart (by workers). */
  readonly segments?: SegmentedFormat;
  /** Text formats that can write rows straight from the engine's columns (undefined for options they cannot). */
  columnEncoder?(
    fields: readonly ColumnField[],
    options: Readonly<Record<string, string>>,
  ): ColumnEncoder | undefined;
}
