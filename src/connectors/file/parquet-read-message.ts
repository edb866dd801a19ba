import type { ParquetNeed } from "./parquet-columns.ts";

/** What the thread reading Parquet back sends its decoding worker (parquet-read.worker.ts). */
export type ParquetReadRequest =
  /** Decode every row group of these files, at most `window` ahead of the credits that follow. */
  | {
      readonly kind: "read";
      readonly files: readonly string[];
      readonly batchRows: number;
      readonly window: number;
      /** Only these columns (parquet-columns.ts), when the reader asked for some. */
      readonly needs?: readonly ParquetNeed[];
    }
  /** One more row group may be decoded (the reader took one). */
  | { readonly kind: "credit" };

/** What the worker answers: a row group as Arrow IPC bytes, the end, or why it failed. */
export type ParquetReadReply =
  | { readonly kind: "group"; readonly bytes: Uint8Array }
  | { readonly kind: "end" }
  | { readonly kind: "error"; readonly message: string };
