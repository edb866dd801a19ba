import type pg from "pg";
import { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import type { SinkInput, StepSink, StepTarget } from "../connector.ts";
import { COPY_BINARY_HEADER, COPY_BINARY_TRAILER, writeCopyBinary } from "./copy-binary.ts";
import { writeCopyCsv } from "./copy-csv.ts";
import { writeError } from "./postgres-client.ts";
import {
  outputName,
  type PostgresOptions,
  qualifiedTable,
  quoteIdent,
  tableName,
} from "./postgres-options.ts";

/**
 * One step's rows streamed through a single `COPY ... FROM STDIN (FORMAT csv)` (the text
 * encoded by the workers, connectors/worker-encoders.ts; Arrow batches are encoded here) inside the
 * transaction `open` began (after any TRUNCATE or CREATE TABLE): `close` ends the COPY and
 * commits, so the step's rows appear all at once; `abort` or a refused row rolls everything
 * back, leaving the table as it was.
 */
export async function createPostgresSink(
  client: pg.Client,
  o: PostgresOptions,
  target: StepTarget,
  columns: readonly string[],
  /** The columns' types when the rows go in binary (copy-binary.ts); CSV when undefined. */
  binaryTypes?: readonly string[],
): Promise<StepSink> {
  const stepName = target.step.step.name;
  const where = `step "${stepName}": table ${tableName(o)}`;
  const sql = `COPY ${qualifiedTable(o)} (${columns.map(quoteIdent).join(", ")}) FROM STDIN WITH (FORMAT ${binaryTypes ? "binary" : "csv"})`;
  const { from: copyFrom } = (await import("pg-copy-streams")).default;
  const stream = client.query(copyFrom(sql));
  if (binaryTypes) stream.write(Buffer.from(COPY_BINARY_HEADER));
  let failure: unknown;
  const done = new Promise<void>((resolve, reject) => {
    stream.on("finish", () => resolve());
    stream.on("error", reject);
  });
  done.catch((e: unknown) => {
    failure ??= e;
  });
  const out = new ByteSink(1 << 20);
  let bytes = 0;
  let records = 0;
  let finished = false;

  // In the run's one transaction the run commits and ends the connection, not the step.
  const shared = target.transaction !== undefined;
  const release = async (): Promise<void> => {
    if (finished) return;
    finished = true;
    if (!shared) await client.end().catch(() => {});
  };

  return {
    rowBounds: [0, target.rowCount],
    // The workers encode the COPY text where they generate the rows; this thread only sends it.
    accepts: {
      encoded: binaryTypes
        ? { format: "postgres-copy-binary", options: { types: binaryTypes.join(","), where } }
        : { format: "postgres-copy-csv", options: { where } },
    },
    get bytesWritten() {
      return bytes;
    },
    async write(input: SinkInput) {
      if (failure !== undefined) throw writeError(o, stepName, failure);
      let chunk: Uint8Array;
      if (input.kind === "encoded") {
        // The run hands the bytes back to a worker to encode into once this write resolves,
        // which is when the COPY stream calls back: the socket has taken them (written them
        // out, or drained them after holding them). No copy: it cost this thread a tenth of
        // its time and most of its garbage collection.
        chunk = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
        records += input.rows;
      } else {
        out.pos = 0;
        if (binaryTypes) writeCopyBinary(out, input.batch, binaryTypes);
        else writeCopyCsv(out, input.batch);
        chunk = out.take();
        records += input.batch.numRows;
      }
      bytes += chunk.length;
      await Promise.race([new Promise((r) => stream.write(chunk, r)), done]).catch(() => {});
      if (failure !== undefined) throw writeError(o, stepName, failure);
    },
    async close() {
      try {
        if (binaryTypes) stream.write(Buffer.from(COPY_BINARY_TRAILER));
        stream.end();
        await done;
        if (!shared) await client.query("COMMIT");
      } catch (e) {
        await release();
        throw writeError(o, stepName, failure ?? e);
      }
      await release();
      return { records, bytes, outputs: [outputName(o)] };
    },
    async abort() {
      // Closing the connection mid-transaction rolls it back: nothing of the step stays.
      stream.destroy();
      await release();
    },
  };
}
