import type { RecordBatch, Schema } from "apache-arrow";
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
}
