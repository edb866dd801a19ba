import { ProtoWriter } from "../protobuf/proto-writer.ts";
import type { Codec } from "./compression.ts";
import { encodeWhole } from "./out-stream.ts";
import { StreamKind, type StripeSink } from "./stripe-sink.ts";

/** StripeInformation: where a stripe sits in the file and how it is divided. */
export interface StripeInfo {
  readonly offset: number;
  readonly indexLength: number;
  readonly dataLength: number;
  readonly footerLength: number;
  readonly rows: number;
}

/**
 * Lays a stripe out: the ROW_INDEX stream of every column, then the data streams in the order
 * the columns created them, then the StripeFooter listing each stream (kind, column, length) in
 * that same order, since readers find streams by adding up the lengths. Timestamps of kind
 * TIMESTAMP are written in UTC, so the footer names UTC as the writer's time zone.
 */
export function layOutStripe(
  sink: StripeSink,
  columns: number,
  rows: number,
  offset: number,
  codec: Codec | null,
): { chunks: Uint8Array[]; info: StripeInfo } {
  const footer = new ProtoWriter();
  const chunks: Uint8Array[] = [];
  let indexLength = 0;
  for (let c = 0; c < columns; c++) {
    const index = encodeWhole(sink.indexes[c] ?? new Uint8Array(0), codec);
    chunks.push(...index.chunks);
    indexLength += index.length;
    footer.message(1, (s) => s.uint(1, StreamKind.ROW_INDEX).uint(2, c).uint(3, index.length));
  }
  let dataLength = 0;
  for (const { column, kind, stream } of sink.streams) {
    const done = stream.finish();
    chunks.push(...done.chunks);
    dataLength += done.length;
    footer.message(1, (s) => s.uint(1, kind).uint(2, column).uint(3, done.length));
  }
  for (let c = 0; c < columns; c++) {
    const e = sink.encodings[c];
    footer.message(2, (m) => {
      m.uint(1, e?.kind ?? 0);
      if (e?.dictionarySize !== undefined) m.uint(2, e.dictionarySize);
    });
  }
  footer.string(3, "UTC");
  const tail = encodeWhole(footer.finish(), codec);
  chunks.push(...tail.chunks);
  return { chunks, info: { offset, indexLength, dataLength, footerLength: tail.length, rows } };
}
