import type { RecordBatch, Schema } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import { concatReleasing } from "../../util/release-bytes.ts";
import type { EncodedSegment, Encoder } from "../format.ts";
import type { ColumnWriter } from "./column-writer.ts";
import { type Codec, codecFor } from "./compression.ts";
import { fileTail } from "./file-tail.ts";
import type { OrcOptions } from "./orc-options.ts";
import { type OrcType, orcColumns } from "./orc-schema.ts";
import type { ColumnStats } from "./statistics.ts";
import { layOutStripe, type StripeInfo } from "./stripe-layout.ts";
import { StripeSink } from "./stripe-sink.ts";

const MAGIC = new Uint8Array([0x4f, 0x52, 0x43]);

/** What a stripe encoded apart brings to the file's tail. */
interface StripeMeta {
  readonly indexLength: number;
  readonly dataLength: number;
  readonly footerLength: number;
  readonly rows: number;
  readonly stats: readonly ColumnStats[];
}

/**
 * Writes one ORC file: "ORC", then a stripe each time the buffered rows reach the stripe size,
 * then (at `end`) the last stripe, Metadata, Footer and PostScript. Batches are cut at row-group
 * and stripe boundaries, so row groups hold exactly `rowIndexStride` rows (the last of a stripe
 * may hold fewer) and memory holds at most one stripe.
 */
export class OrcEncoder implements Encoder {
  private readonly schema: Schema;
  private readonly options: OrcOptions;
  private readonly codec: Codec | null;
  private readonly types: OrcType[];
  private readonly root: ColumnWriter;
  private readonly writers: ColumnWriter[] = [];
  private readonly stripes: StripeInfo[] = [];
  private readonly stripeStats: ColumnStats[][] = [];
  private offset = 0;
  private rows = 0;
  private stripeRows = 0;
  private groupRows = 0;
  private ended = false;

  constructor(schema: Schema, options: OrcOptions) {
    this.schema = schema;
    this.options = options;
    this.codec = codecFor(options.compression);
    const { types, root } = orcColumns(schema);
    this.types = types;
    this.root = root;
    const collect = (w: ColumnWriter): void => {
      this.writers[w.id] = w;
      for (const c of w.children) collect(c);
    };
    collect(root);
  }

  encode(batch: RecordBatch): Uint8Array[] {
    if (this.ended) throw new RowforgeError("RF_INTERNAL", "ORC encoder: encode() called after end()");
    this.checkSchema(batch);
    const out = this.start();
    const n = batch.numRows;
    const stride = this.options.rowIndexStride;
    const data = batch.data;
    let pos = 0;
    while (pos < n) {
      if (this.groupRows === stride) {
        this.root.markRowGroup();
        this.groupRows = 0;
      }
      let take = Math.min(n - pos, stride - this.groupRows);
      if (this.options.stripeRows !== null) take = Math.min(take, this.options.stripeRows - this.stripeRows);
      this.root.append(data, [pos, pos + take]);
      pos += take;
      this.groupRows += take;
      this.stripeRows += take;
      const full =
        this.options.stripeRows !== null
          ? this.stripeRows >= this.options.stripeRows
          : this.root.bufferedBytes() >= (this.options.stripeBytes ?? Number.POSITIVE_INFINITY);
      if (full) out.push(...this.flushStripe());
    }
    return out;
  }

  end(): Uint8Array[] {
    if (this.ended) throw new RowforgeError("RF_INTERNAL", "ORC encoder: end() called twice");
    const out = this.start();
    if (this.stripeRows > 0) out.push(...this.flushStripe());
    this.ended = true;
    out.push(
      ...fileTail({
        types: this.types,
        stripes: this.stripes,
        stripeStats: this.stripeStats,
        fileStats: this.writers.map((w) => w.fileStats),
        rows: this.rows,
        contentLength: this.offset,
        rowIndexStride: this.options.rowIndexStride,
        compression: this.options.compression,
      }),
    );
    return out;
  }

  /**
   * Encodes batches as one stripe on its own (no magic, no tail): what a worker makes of a
   * segment. `meta` is the stripe's layout and statistics for the encoder that appends it.
   * An encoder used only this way may encode stripe after stripe: its column writers keep the
   * buffers they grew, instead of growing new ones for every stripe.
   */
  encodeStripe(batches: Iterable<RecordBatch>): EncodedSegment {
    if (this.stripeRows > 0 || (this.offset > 0 && this.stripes.length === 0))
      throw new RowforgeError("RF_INTERNAL", "ORC encoder: encodeStripe() on an encoder in use");
    this.stripes.length = 0;
    this.stripeStats.length = 0;
    this.rows = 0;
    this.ended = false;
    this.offset = MAGIC.length;
    const chunks: Uint8Array[] = [];
    for (const batch of batches) chunks.push(...this.encode(batch));
    if (this.stripeRows > 0) chunks.push(...this.flushStripe());
    this.ended = true;
    if (this.stripes.length !== 1)
      throw new RowforgeError(
        "RF_INTERNAL",
        `ORC encoder: a segment made ${this.stripes.length} stripes, not 1`,
      );
    const { indexLength, dataLength, footerLength, rows } = this.stripes[0]!;
    const meta: StripeMeta = { indexLength, dataLength, footerLength, rows, stats: this.stripeStats[0]! };
    return { bytes: chunks.length === 1 ? chunks[0]! : concatReleasing(chunks), meta, rows };
  }

  /**
   * Appends a stripe another encoder (a worker's) made with encodeStripe for the same schema
   * and options: its bytes go out as they are, its layout and statistics into the tail.
   */
  appendStripe(segment: EncodedSegment): Uint8Array[] {
    if (this.ended) throw new RowforgeError("RF_INTERNAL", "ORC encoder: appendStripe() called after end()");
    if (this.stripeRows > 0)
      throw new RowforgeError("RF_INTERNAL", "ORC encoder: appendStripe() with rows of its own buffered");
    const out = this.start();
    const meta = segment.meta as StripeMeta;
    // Statistics crossed a thread as plain data: they take their class back from this encoder's.
    const stats = meta.stats.map((plain, id) => {
      const own = this.writers[id]!.fileStats;
      const s = Object.assign(Object.create(Object.getPrototypeOf(own)) as ColumnStats, plain);
      own.merge(s);
      return s;
    });
    const { indexLength, dataLength, footerLength, rows } = meta;
    this.stripes.push({ offset: this.offset, indexLength, dataLength, footerLength, rows });
    this.stripeStats.push(stats);
    this.offset += indexLength + dataLength + footerLength;
    this.rows += rows;
    out.push(segment.bytes);
    return out;
  }

  private start(): Uint8Array[] {
    if (this.offset > 0) return [];
    this.offset = MAGIC.length;
    return [MAGIC.slice()];
  }

  private flushStripe(): Uint8Array[] {
    const sink = new StripeSink(this.codec);
    this.root.flush(sink);
    const { chunks, info } = layOutStripe(sink, this.types.length, this.stripeRows, this.offset, this.codec);
    this.stripes.push(info);
    this.stripeStats.push(sink.stats);
    this.offset += info.indexLength + info.dataLength + info.footerLength;
    this.rows += this.stripeRows;
    this.stripeRows = 0;
    this.groupRows = 0;
    return chunks;
  }

  private checkSchema(batch: RecordBatch): void {
    const expected = this.schema.fields;
    const got = batch.schema.fields;
    const same = got.length === expected.length && got.every((f, i) => f.typeId === expected[i]!.typeId);
    if (!same) {
      throw new RowforgeError(
        "RF_INTERNAL",
        `ORC encoder: a batch's schema (${got.map((f) => `${f.name}: ${f.type}`).join(", ")}) differs from the file's`,
      );
    }
  }
}
