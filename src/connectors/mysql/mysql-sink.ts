import { PassThrough } from "node:stream";
import { DataType, type Schema } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import type { SinkInput, StepSink, StepTarget } from "../connector.ts";
import { writeLoadDataTsv } from "./load-data-tsv.ts";
import { type MysqlClient, writeError } from "./mysql-client.ts";
import {
  describeServer,
  type MysqlOptions,
  outputName,
  qualifiedTable,
  quoteIdent,
  tableName,
} from "./mysql-options.ts";

/** mysql2 sends each chunk of the file stream as one protocol packet: keep them well under 16 MiB. */
const PACKET_BYTES = 1 << 20;
/** Bytes the socket may hold unsent before a write waits for it. */
const SOCKET_HIGH_WATER = 8 << 20;

interface ResultHeader {
  readonly affectedRows?: number;
  readonly warningStatus?: number;
}

/**
 * One step's rows streamed through a single `LOAD DATA LOCAL INFILE` inside the transaction
 * `open` began (after any DELETE for overwrite): `close` ends the stream, checks the server's
 * warnings (a value a column could not hold is refused, naming its row and column) and commits,
 * so the step's rows appear all at once; `abort` or a refused row rolls everything back.
 * Binary columns travel as hex and are stored through `UNHEX`.
 */
export function createMysqlSink(
  client: MysqlClient,
  o: MysqlOptions,
  target: StepTarget,
  columns: readonly string[],
): StepSink {
  const stepName = target.step.step.name;
  const where = `step "${stepName}": table ${tableName(o)}`;
  const sql = loadDataSql(qualifiedTable(o), target.schema, columns);
  const stream = new PassThrough({ highWaterMark: 4 * PACKET_BYTES });
  let failure: unknown;
  const done = client.query<ResultHeader>(sql, [], () => stream);
  done.catch((e: unknown) => {
    failure ??= e;
    stream.destroy();
  });
  const out = new ByteSink(1 << 20);
  let bytes = 0;
  let records = 0;
  let finished = false;

  const release = async (): Promise<void> => {
    if (finished) return;
    finished = true;
    await client.end().catch(() => {});
  };
  const settled = done.then(
    () => {},
    () => {},
  );

  return {
    rowBounds: [0, target.rowCount],
    // The workers encode the LOAD DATA text where they generate the rows; this thread only sends it.
    accepts: { encoded: { format: "mysql-load-data", options: { where } } },
    get bytesWritten() {
      return bytes;
    },
    async write(input: SinkInput, startRow: number) {
      if (failure !== undefined) throw writeError(o, stepName, failure);
      let chunk: Uint8Array;
      if (input.kind === "encoded") {
        // The run hands the bytes back to a worker to encode into once this write resolves,
        // which is when the driver has taken them (below): no copy of our own.
        chunk = input.bytes;
        records += input.rows;
      } else {
        out.pos = 0;
        try {
          writeLoadDataTsv(out, input.batch, startRow);
        } catch (e) {
          if (e instanceof RowforgeError)
            throw new RowforgeError(e.code, `${where}: ${e.message}`, { hint: e.hint });
          throw e;
        }
        chunk = out.take();
        records += input.batch.numRows;
      }
      bytes += chunk.length;
      let ok = true;
      for (let k = 0; k < chunk.length; k += PACKET_BYTES) {
        ok = stream.write(chunk.subarray(k, Math.min(chunk.length, k + PACKET_BYTES)));
      }
      if (!ok) await Promise.race([new Promise((r) => stream.once("drain", r)), settled]);
      // mysql2 copies each chunk the stream gives it into a packet of its own at once.
      await Promise.race([taken(stream), settled]);
      // The stream flows into the socket as fast as it is written: wait for the socket too.
      if (client.pendingBytes > SOCKET_HIGH_WATER) await Promise.race([client.drained(), settled]);
      if (failure !== undefined) throw writeError(o, stepName, failure);
    },
    async close() {
      try {
        stream.end();
        const result = await done;
        if ((result.warningStatus ?? 0) > 0) throw await warningError(client, o, stepName);
        await client.query("COMMIT");
      } catch (e) {
        await release();
        throw writeError(o, stepName, failure ?? e);
      }
      await release();
      return { records, bytes, outputs: [outputName(o)] };
    },
    async abort() {
      // Dropping the connection mid-transaction rolls it back: nothing of the step stays.
      finished = true;
      stream.destroy();
      client.destroy();
    },
  };
}

/**
 * Resolves when the stream holds none of the bytes written to it: the driver has read them all.
 * Nearly always at once (the driver reads as the stream is written); until the server asks
 * for the file (the first batch), or while the driver has paused the stream, it looks again a
 * millisecond later. No reader of our own is attached: it would take bytes from the driver.
 */
async function taken(stream: PassThrough): Promise<void> {
  while (stream.writableLength > 0 || stream.readableLength > 0) {
    if (stream.destroyed) return;
    await new Promise((r) => setTimeout(r, 1));
  }
}

/**
 * The `LOAD DATA LOCAL INFILE` statement that reads writeLoadDataTsv's text into `table`
 * (quoted): one column per schema field, binary fields through a variable and `UNHEX`.
 */
export function loadDataSql(table: string, schema: Schema, columns: readonly string[]): string {
  const targets = schema.fields.map((f, k) =>
    DataType.isBinary(f.type)
      ? { list: `@v${k}`, set: `${quoteIdent(columns[k]!)} = UNHEX(@v${k})` }
      : { list: quoteIdent(columns[k]!) },
  );
  const sets = targets.flatMap((t) => ("set" in t ? [t.set] : []));
  return (
    `LOAD DATA LOCAL INFILE 'rowforge-step' INTO TABLE ${table} CHARACTER SET utf8mb4 ` +
    "FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' " +
    `(${targets.map((t) => t.list).join(", ")})${sets.length > 0 ? ` SET ${sets.join(", ")}` : ""}`
  );
}

/** The server's first warning about the loaded rows as a coded error naming the step's row (the LOAD counts from 1). */
async function warningError(client: MysqlClient, o: MysqlOptions, stepName: string): Promise<RowforgeError> {
  const rows =
    await client.query<{ Level: string; Code: number; Message: string }[]>("SHOW WARNINGS LIMIT 1");
  const w = rows[0];
  const message = w?.Message ?? "the server reported warnings";
  // "Data truncated for column 'code' at row 701": the LOAD counts rows from 1, the step from 0.
  const row = /\s*at row (\d+)/.exec(message);
  const column = /for column (?:'([^']+)'|`(?:[^`]+`\.`)*([^`]+)`)/.exec(message);
  const at = `${row ? ` at row ${Number(row[1]) - 1}` : ""}${column ? `, column ${column[1] ?? column[2]}` : ""}`;
  const reason = message.replace(/\s*at row \d+$/, "");
  return new RowforgeError(
    "RF_DB_WRITE_FAILED",
    `step "${stepName}": MySQL/MariaDB table ${tableName(o)} on ${describeServer(o)} refused the rows${at}: ${reason}; nothing of the step was committed`,
  );
}
