import type { Writable } from "node:stream";
import { RowforgeError } from "../../errors/index.ts";
import type { Format } from "../../formats/format.ts";
import type { SinkResult, StepSink, StepTarget } from "../connector.ts";

/** The path that means "standard output": `path: "-"`. */
export const STDOUT_PATH = "-";

/** The reader of standard output went away (`rowforge run … | head`): said as what it is. */
function closedByReader(e: Error & { code?: string }): Error {
  if (e.code !== "EPIPE" && e.code !== "ERR_STREAM_DESTROYED") return e;
  return new RowforgeError(
    "RF_OUTPUT_UNWRITABLE",
    "standard output was closed by the program reading it; the rows written before that reached it",
    {
      cause: e,
      hint: 'to keep every row, let the reading program read to the end, or write to a file instead of path "-"',
    },
  );
}

/** Writes a chunk, waiting for the stream to drain when it asks to (a slow pipe is never buffered without bound). */
function put(out: Writable, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = out.write(chunk, (e) => {
      if (e) reject(closedByReader(e));
    });
    if (ok) resolve();
    else out.once("drain", resolve);
  });
}

/**
 * A step written to standard output (`path: "-"`) in its format, rows in order: for piping
 * generated data straight into another program. Nothing is kept on disk, so there is nothing
 * to delete later; a cancelled run cannot take back what was already written.
 */
export function createStdoutSink(
  target: StepTarget,
  format: Format,
  options: Readonly<Record<string, string>>,
  out: Writable = process.stdout,
): StepSink {
  const encoder = format.createEncoder(target.schema, options);
  let records = 0;
  let bytes = 0;
  const write = async (chunks: readonly Uint8Array[]) => {
    for (const c of chunks) {
      await put(out, c);
      bytes += c.byteLength;
    }
  };
  return {
    rowBounds: [0, target.rowCount],
    accepts: "arrow",
    get bytesWritten() {
      return bytes;
    },
    async write(input) {
      if (input.kind !== "arrow") return;
      await write(await encoder.encode(input.batch));
      records += input.batch.numRows;
    },
    async close(): Promise<SinkResult> {
      await write(await encoder.end());
      return { records, bytes, outputs: ["(standard output)"] };
    },
    async abort() {},
  };
}
