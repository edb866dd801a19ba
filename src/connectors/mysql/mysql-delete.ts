import { PassThrough } from "node:stream";
import { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { DeleteOutcome, GeneratedRun, StepHistory } from "../connector.ts";
import {
  DELETE_BATCH_ROWS,
  type DeleteKey,
  deleteKey,
  describeKey,
  keyBatches,
  nothingLeft,
  runsToDelete,
  tableGone,
} from "../database-delete.ts";
import { writeLoadDataTsv } from "./load-data-tsv.ts";
import { connectMysql, type MysqlClient, writeError } from "./mysql-client.ts";
import {
  type MysqlOptions,
  qualifiedTable,
  quoteIdent,
  readMysqlOptions,
  tableName,
} from "./mysql-options.ts";
import { loadDataSql, outputName } from "./mysql-sink.ts";
import { tableColumns } from "./mysql-table.ts";

/** mysql2 sends each chunk of the file stream as one protocol packet: keep them well under 16 MiB. */
const PACKET_BYTES = 1 << 20;

interface ResultHeader {
  readonly affectedRows?: number;
}

/**
 * Delete mode for a MySQL/MariaDB step: in one InnoDB transaction, the key columns of every
 * earlier run that wrote to the table (regenerated) are loaded into a temporary table with the
 * table's own column types (LOAD DATA LOCAL INFILE, as runs write), then a multi-table DELETE
 * joined on the key removes the rows whose key equals one of them (`<=>` where a key holds
 * nulls). Rows not made by those runs stay. Counts the rows deleted.
 */
export async function deleteMysqlRows(
  step: ResolvedStep,
  planName: string,
  history: StepHistory | undefined,
): Promise<DeleteOutcome> {
  const o = readMysqlOptions(step);
  const stepName = step.step.name;
  const output = outputName(o);
  const todo = runsToDelete(
    history,
    output,
    o.saveMode,
    `step "${stepName}" (table ${tableName(o)})`,
    planName,
  );
  if (todo.runs.length === 0) return nothingLeft(todo);
  const client = await connectMysql(o);
  const keys = `${quoteIdent(o.database)}.rowforge_delete_keys`;
  try {
    const columns = await tableColumns(client, o);
    if (columns === undefined) return tableGone(todo, tableName(o));
    const key = deleteKey(step, columns, await primaryKey(client, o), tableName(o));
    const list = key.columns.map(quoteIdent).join(", ");
    // A temporary table (created, loaded, dropped) neither commits a transaction nor is seen
    // by other sessions; the DELETE alone changes the table, in its own transaction.
    await client.query(`DROP TEMPORARY TABLE IF EXISTS ${keys}`);
    await client.query(
      `CREATE TEMPORARY TABLE ${keys} ENGINE=InnoDB AS SELECT ${list} FROM ${qualifiedTable(o)} LIMIT 0`,
    );
    const withNulls = new Set<string>();
    for (const run of todo.runs) await loadKeys(client, keys, run, key, withNulls);
    await indexKeys(client, o, keys, key);
    await client.query("START TRANSACTION");
    const match = key.columns.map((c) => {
      const [t, k] = [`t.${quoteIdent(c)}`, `k.${quoteIdent(c)}`];
      return `${t} ${key.by === "row" || withNulls.has(c) ? "<=>" : "="} ${k}`;
    });
    const r = await client.query<ResultHeader>(
      `DELETE t FROM ${qualifiedTable(o)} AS t JOIN ${keys} AS k ON ${match.join(" AND ")}`,
    );
    await client.query("COMMIT");
    await client.query(`DROP TEMPORARY TABLE IF EXISTS ${keys}`);
    return { records: r.affectedRows ?? 0, outputs: [`${output} (${describeKey(key)})`], runs: todo.done };
  } catch (e) {
    throw writeError(o, stepName, e);
  } finally {
    // Ending the connection rolls back a transaction left open by a failure and drops the temporary table.
    await client.end();
  }
}

/** Streams a run's regenerated keys into the temporary table; notes the columns that hold nulls. */
async function loadKeys(
  client: MysqlClient,
  keys: string,
  run: GeneratedRun,
  key: DeleteKey,
  withNulls: Set<string>,
): Promise<void> {
  const batches = keyBatches(run, key, DELETE_BATCH_ROWS, withNulls);
  // The first batch is made before the statement starts: a run that cannot be regenerated fails here.
  let next = batches.next();
  if (next.done) return;
  const stream = new PassThrough({ highWaterMark: 4 * PACKET_BYTES });
  const done = client.query<ResultHeader>(
    loadDataSql(keys, next.value.schema, key.columns),
    [],
    () => stream,
  );
  let failure: unknown;
  done.catch((e: unknown) => {
    failure ??= e;
    stream.destroy();
  });
  const settled = done.then(
    () => {},
    () => {},
  );
  const out = new ByteSink(1 << 20);
  let row = 0;
  try {
    while (!next.done && failure === undefined) {
      const batch = next.value;
      out.pos = 0;
      writeLoadDataTsv(out, batch, row);
      row += batch.numRows;
      const chunk = out.take();
      let ok = true;
      for (let k = 0; k < chunk.length; k += PACKET_BYTES) {
        ok = stream.write(chunk.subarray(k, Math.min(chunk.length, k + PACKET_BYTES)));
      }
      if (!ok) await Promise.race([new Promise((r) => stream.once("drain", r)), settled]);
      if (client.pendingBytes > 8 * PACKET_BYTES) await Promise.race([client.drained(), settled]);
      next = batches.next();
    }
  } catch (e) {
    // Dropping the connection ends the statement and rolls back; nothing was deleted yet.
    stream.destroy();
    client.destroy();
    throw e;
  }
  stream.end();
  await done;
}

/** Key columns the temporary table's index covers: enough to find a row's few matches at once. */
const INDEXED_COLUMNS = 4;
/** Characters of a long text or binary column the index holds. */
const PREFIX = 64;
const PREFIXED = /^(tiny|medium|long)?(text|blob)$|^json$|^var(char|binary)$/;
const UNINDEXABLE = /^(geometry|point|linestring|polygon|multi.*|geometrycollection)$/;

/**
 * Indexes the loaded keys (long text and binary by a prefix): MariaDB joins without hashing,
 * so without it each table row would be compared with every key. Built once the keys are in
 * (faster than keeping it up while loading; ALTER TABLE ends a transaction, and none is open
 * yet). An index it cannot make only costs time, never correctness.
 */
async function indexKeys(client: MysqlClient, o: MysqlOptions, keys: string, key: DeleteKey): Promise<void> {
  const rows = await client.query<{ name: string; type: string; len: number | string | null }[]>(
    "SELECT column_name AS name, data_type AS type, character_maximum_length AS len FROM information_schema.columns WHERE table_schema = ? AND table_name = ?",
    [o.database, o.table],
  );
  const typeOf = new Map(rows.map((r) => [r.name, r]));
  const parts = key.columns
    .filter((c) => !UNINDEXABLE.test(String(typeOf.get(c)?.type ?? "").toLowerCase()))
    .slice(0, INDEXED_COLUMNS)
    .map((c) => {
      const t = typeOf.get(c);
      const type = String(t?.type ?? "").toLowerCase();
      const long = PREFIXED.test(type) && !(type.startsWith("var") && Number(t?.len ?? 0) <= PREFIX);
      return `${quoteIdent(c)}${long ? `(${PREFIX})` : ""}`;
    });
  if (parts.length === 0) return;
  await client.query(`ALTER TABLE ${keys} ADD INDEX rowforge_keys (${parts.join(", ")})`).catch(() => {});
}

/** The table's primary key columns in key order (none when it has no primary key). */
async function primaryKey(client: MysqlClient, o: MysqlOptions): Promise<string[]> {
  const rows = await client.query<{ name: string }[]>(
    "SELECT column_name AS name FROM information_schema.key_column_usage WHERE table_schema = ? AND table_name = ? AND constraint_name = 'PRIMARY' ORDER BY ordinal_position",
    [o.database, o.table],
  );
  return rows.map((r) => r.name);
}
