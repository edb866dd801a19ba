import type cassandra from "cassandra-driver";
import { RowforgeError } from "../../errors/index.ts";
import type { SinkInput, StepSink, StepTarget } from "../connector.ts";
import { columnAdapter, type ValueAdapter } from "./cassandra-adapt.ts";
import { writeError } from "./cassandra-client.ts";
import { cassandraDriver } from "./cassandra-driver.ts";
import { type CassandraOptions, outputName, qualifiedTable, quoteIdent } from "./cassandra-options.ts";
import { batchBytes, batchParameters } from "./cassandra-values.ts";

/** One statement of a write: its CQL, its parameters and the step rows it carries. */
interface Statement {
  readonly query: string;
  readonly params: unknown[];
  readonly firstRow: number;
  readonly rows: number;
}

/**
 * One step's rows written with prepared INSERTs through the driver's `executeConcurrent`, at most
 * `concurrency` statements in flight; with `batchsize` > 1, each statement is an UNLOGGED BATCH of
 * that many consecutive rows; one Arrow batch's statements are in flight while the next batch is
 * converted. Cassandra has no transactions: every row is stored as its
 * statement succeeds. A refused statement fails the step naming its row, and the step's error
 * says exactly how many rows were written (they stay); `abort` only closes the connection.
 */
export function createCassandraSink(
  client: cassandra.Client,
  o: CassandraOptions,
  target: StepTarget,
  columns: readonly string[],
  columnTypes: readonly string[],
): StepSink {
  const stepName = target.step.step.name;
  const adapters = target.schema.fields.map((f, k) => columnAdapter(f.type, columnTypes[k]!));
  /** Columns whose values go as read from the batch: their bytes are counted from its buffers. */
  const asRead = adapters.map((a) => a === undefined);
  const insert = `INSERT INTO ${qualifiedTable(o)} (${columns.map(quoteIdent).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
  const batchQuery = (n: number) => `BEGIN UNLOGGED BATCH ${`${insert}; `.repeat(n)}APPLY BATCH`;
  const batchQueries = new Map<number, string>();
  let records = 0;
  let bytes = 0;
  let failure: RowforgeError | undefined;
  let finished = false;

  const release = async (): Promise<void> => {
    if (finished) return;
    finished = true;
    await client.shutdown().catch(() => {});
  };

  const statements = (rows: unknown[][], startRow: number): Statement[] => {
    const out: Statement[] = [];
    for (let r = 0; r < rows.length; r += o.batchSize) {
      const n = Math.min(o.batchSize, rows.length - r);
      if (n === 1) {
        out.push({ query: insert, params: rows[r]!, firstRow: startRow + r, rows: 1 });
        continue;
      }
      let query = batchQueries.get(n);
      if (query === undefined) {
        query = batchQuery(n);
        batchQueries.set(n, query);
      }
      out.push({ query, params: rows.slice(r, r + n).flat(), firstRow: startRow + r, rows: n });
    }
    return out;
  };

  /** `, at row N (column: value, ...)` for a refused statement: its first row's values. */
  const describeRow = (s: Statement): string => {
    const values = columns.map((c, k) => `${c}: ${shortValue(s.params[k])}`).join(", ");
    return ` at row ${s.firstRow}${s.rows > 1 ? ` (a batch of rows ${s.firstRow}–${s.firstRow + s.rows - 1})` : ""} (${values})`;
  };

  /** The statements of one batch through executeConcurrent; counts what was stored, records the first refusal. */
  const execute = async (batch: Statement[]): Promise<void> => {
    let result: cassandra.concurrent.ResultSetGroup;
    try {
      result =
        o.batchSize === 1
          ? await cassandraDriver().concurrent.executeConcurrent(
              client,
              insert,
              batch.map((s) => s.params),
              { concurrencyLevel: o.concurrency, raiseOnFirstError: false, collectResults: true },
            )
          : await cassandraDriver().concurrent.executeConcurrent(
              client,
              batch.map((s) => ({ query: s.query, params: s.params })),
              { concurrencyLevel: o.concurrency, raiseOnFirstError: false, collectResults: true },
            );
    } catch (e) {
      failure ??= writeError(o, stepName, e, "", records);
      return;
    }
    // Which statements the server stored, which it refused: the count stays exact.
    let refused: { s: Statement; e: unknown } | undefined;
    result.resultItems.forEach((item, k) => {
      const s = batch[k]!;
      if (item instanceof Error) refused ??= { s, e: item };
      else records += s.rows;
    });
    if (refused !== undefined)
      failure ??= writeError(o, stepName, refused.e, describeRow(refused.s), records);
  };
  let pending: Promise<void> = Promise.resolve();
  /** Waits for the batch in flight; throws the step's failure, if any. */
  const settle = async (): Promise<void> => {
    await pending;
    if (failure !== undefined) throw failure;
  };

  return {
    rowBounds: [0, target.rowCount],
    accepts: "arrow",
    get bytesWritten() {
      return bytes;
    },
    async write(input: SinkInput, startRow: number) {
      if (failure !== undefined) throw failure;
      if (input.kind !== "arrow") {
        throw new RowforgeError(
          "RF_INTERNAL",
          `step "${stepName}": the Cassandra sink takes Arrow batches only`,
        );
      }
      // Converted while the previous batch's statements are still in flight.
      const rows = batchParameters(input.batch);
      const unfit = adapt(rows, adapters, columns, startRow);
      await settle();
      if (unfit !== undefined) {
        failure = writeError(o, stepName, { message: unfit.reason }, unfit.at, records);
        throw failure;
      }
      // One batch in flight at a time (so at most `concurrency` statements): this one runs
      // while the caller brings the next; its outcome is counted by the next write or close.
      bytes += batchBytes(input.batch, rows, asRead);
      pending = execute(statements(rows, startRow));
    },
    async close() {
      await settle().catch(() => {});
      await release();
      if (failure !== undefined) throw failure;
      return { records, bytes, outputs: [outputName(o)] };
    },
    async abort() {
      // Nothing to roll back: rows stored so far stay (the step's error counted them).
      await settle().catch(() => {});
      await release();
    },
  };
}

/**
 * Converts, column by column, the values of columns whose table type differs from their field's;
 * the first value that does not convert stops it, named (row, column, value) with the reason.
 */
function adapt(
  rows: unknown[][],
  adapters: readonly (ValueAdapter | undefined)[],
  columns: readonly string[],
  startRow: number,
): { at: string; reason: string } | undefined {
  for (let c = 0; c < adapters.length; c++) {
    const adapter = adapters[c];
    if (adapter === undefined) continue;
    for (let r = 0; r < rows.length; r++) {
      const v = rows[r]![c];
      if (v === null) continue;
      try {
        rows[r]![c] = adapter(v);
      } catch (e) {
        return {
          at: ` at row ${startRow + r}, column ${columns[c]}, value ${shortValue(v)}`,
          reason: `the value does not fit the column's type (${e instanceof Error ? e.message : String(e)})`,
        };
      }
    }
  }
  return undefined;
}

/** A value as a message shows it: short, one line. */
function shortValue(v: unknown): string {
  let text: string;
  if (v === null || v === undefined) text = "null";
  else if (typeof v === "string") text = JSON.stringify(v);
  else if (Buffer.isBuffer(v)) text = `0x${v.subarray(0, 16).toString("hex")}${v.length > 16 ? "…" : ""}`;
  else if (v instanceof Map) text = JSON.stringify(Object.fromEntries(v));
  else if (typeof v === "bigint") text = v.toString();
  else
    text =
      typeof v === "object"
        ? JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x))
        : String(v);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
