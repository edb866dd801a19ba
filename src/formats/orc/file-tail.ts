import { ProtoWriter } from "../protobuf/proto-writer.ts";
import { COMPRESSION_BLOCK_SIZE, COMPRESSION_KIND, type CompressionName, codecFor } from "./compression.ts";
import type { OrcType } from "./orc-schema.ts";
import { encodeWhole } from "./out-stream.ts";
import type { ColumnStats } from "./statistics.ts";
import type { StripeInfo } from "./stripe-layout.ts";

/**
 * The implementation code in Footer.writer. rowforge has no registered code; readers treat
 * any unregistered one as an unknown writer that has every known fix.
 */
export const WRITER_ID = 100;
/** PostScript.writerVersion: implementations other than the first number theirs from 6. */
export const WRITER_VERSION = 6;
/** Footer.softwareVersion: informative only. */
export const SOFTWARE_VERSION = "rowforge";
/** Footer.calendar: Arrow dates and timestamps use the proleptic Gregorian calendar. */
const PROLEPTIC_GREGORIAN = 2;

export interface TailInput {
  readonly types: readonly OrcType[];
  readonly stripes: readonly StripeInfo[];
  readonly stripeStats: readonly (readonly ColumnStats[])[];
  readonly fileStats: readonly ColumnStats[];
  readonly rows: number;
  readonly contentLength: number;
  readonly rowIndexStride: number;
  readonly compression: CompressionName;
}

/** Metadata (stripe statistics), Footer and PostScript, then the PostScript's length byte. */
export function fileTail(t: TailInput): Uint8Array[] {
  const codec = codecFor(t.compression);
  const metadata = new ProtoWriter();
  for (const stats of t.stripeStats) {
    metadata.message(1, (m) => {
      for (const s of stats) m.message(1, (w) => s.write(w));
    });
  }
  const footer = new ProtoWriter();
  footer.uint(1, 3).uint(2, t.contentLength);
  for (const s of t.stripes) {
    footer.message(3, (m) =>
      m
        .uint(1, s.offset)
        .uint(2, s.indexLength)
        .uint(3, s.dataLength)
        .uint(4, s.footerLength)
        .uint(5, s.rows),
    );
  }
  for (const type of t.types) {
    footer.message(4, (m) => {
      m.uint(1, type.kind).packedUints(2, type.subtypes);
      for (const name of type.fieldNames) m.string(3, name);
      if (type.precision !== undefined) m.uint(5, type.precision);
      if (type.scale !== undefined) m.uint(6, type.scale);
    });
  }
  footer.uint(6, t.rows);
  for (const s of t.fileStats) footer.message(7, (w) => s.write(w));
  footer
    .uint(8, t.rowIndexStride)
    .uint(9, WRITER_ID)
    .uint(11, PROLEPTIC_GREGORIAN)
    .string(12, SOFTWARE_VERSION);

  const meta = encodeWhole(metadata.finish(), codec);
  const foot = encodeWhole(footer.finish(), codec);
  const postscript = new ProtoWriter()
    .uint(1, foot.length)
    .uint(2, COMPRESSION_KIND[t.compression])
    .uint(3, COMPRESSION_BLOCK_SIZE)
    .packedUints(4, [0, 12])
    .uint(5, meta.length)
    .uint(6, WRITER_VERSION)
    .string(8000, "ORC")
    .finish();
  return [...meta.chunks, ...foot.chunks, postscript, new Uint8Array([postscript.length])];
}
