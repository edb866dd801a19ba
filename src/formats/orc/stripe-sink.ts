import type { Codec } from "./compression.ts";
import { OutStream } from "./out-stream.ts";
import type { ColumnStats } from "./statistics.ts";

/** Stream kinds (Stream.Kind) the writer emits. */
export const StreamKind = {
  PRESENT: 0,
  DATA: 1,
  LENGTH: 2,
  DICTIONARY_DATA: 3,
  SECONDARY: 5,
  ROW_INDEX: 6,
} as const;

/** Column encodings (ColumnEncoding.Kind) the writer emits. */
export const EncodingKind = { DIRECT: 0, DIRECT_V2: 2, DICTIONARY_V2: 3 } as const;

export interface ColumnEncoding {
  readonly kind: number;
  readonly dictionarySize?: number;
}

export interface SinkStream {
  readonly column: number;
  readonly kind: number;
  readonly stream: OutStream;
}

/** What the column writers produce for one stripe, gathered by column id. */
export class StripeSink {
  readonly codec: Codec | null;
  /** Data streams in the order they are laid out in the stripe. */
  readonly streams: SinkStream[] = [];
  /** Serialized RowIndex per column id. */
  readonly indexes: Uint8Array[] = [];
  readonly encodings: ColumnEncoding[] = [];
  readonly stats: ColumnStats[] = [];

  constructor(codec: Codec | null) {
    this.codec = codec;
  }

  stream(column: number, kind: number): OutStream {
    const stream = new OutStream(this.codec);
    this.streams.push({ column, kind, stream });
    return stream;
  }
}
