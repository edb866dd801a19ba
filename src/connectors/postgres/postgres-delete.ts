import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
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
import { writeCopyCsv } from "./copy-csv.ts";
import { connectPostgres, writeError } from "./postgres-client.ts";
import {
  type PostgresOptions,
  qualifiedTable,
  quoteIdent,
  readPostgresOptions,
  tableName,
} from "./postgres-options.ts";
import { outputName } from "./postgres-sink.ts";
import { tableColumns } from "./postgres-table.ts";

/** Column types PostgreSQL has no equality for: compared as text. */
const NO_EQUALITY = new Set(["json", "xml", "point", "line", "lseg", "box", "path", "polygon", "circle"]);

/**
 * Delete mode for a PostgreSQL step: in one transaction, the key columns of every earlier run
 * that wrote to the table (regenerated) are copied into a temporary table with the table's own
 * column types, then `DELETE ... USING` removes the rows whose key equals one of them. Rows
 * not made by those runs stay. Counts the rows deleted.
 */
export async function deletePostgresRows(
  step: ResolvedStep,
  planName: string,
  history: StepHistory | undefined,
): Promise<DeleteOutcome> {
  const o = readPostgresOptions(step);
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
  const client = await connectPostgres(o);
  try {
    const columns = await tableColumns(client, o);
    if (columns === undefined) return tableGone(todo, tableName(o));
    const key = deleteKey(step, columns, await primaryKey(client, o), tableName(o));
    await client.query("BEGIN");
    const types = await columnTypes(client, o);
    const list = key.columns.map(quoteIdent).join(", ");
    await client.query(
      `CREATE TEMPORARY TABLE rowforge_delete_keys ON COMMIT DROP AS SELECT ${list} FROM ${qualifiedTable(o)} WITH NO DATA`,
    );
    const withNulls = new Set<string>();
    for (const run of todo.runs) {
      await copyKeys(
        client,
        `COPY rowforge_delete_keys (${list}) FROM STDIN WITH (FORMAT csv)`,
        run,
        key,
        withNulls,
      );
    }
    await client.query("ANALYZE rowforge_delete_keys");
    const match = key.columns.map((c) => {
      const text = NO_EQUALITY.has(types.get(c) ?? "") ? "::text" : "";
      const [t, k] = [`t.${quoteIdent(c)}${text}`, `k.${quoteIdent(c)}${text}`];
      return withNulls.has(c) ? `${t} IS NOT DISTINCT FROM ${k}` : `${t} = ${k}`;
    });
    const r = await client.query(
      `DELETE FROM ${qualifiedTable(o)} AS t USING rowforge_delete_keys AS k WHERE ${match.join(" AND ")}`,
    );
    await client.query("COMMIT");
    return { records: r.rowCount ?? 0, outputs: [`${output} (${describeKey(key)})`], runs: todo.done };
  } catch (e) {
    throw writeError(o, stepName, e);
  } finally {
    // Ending the connection rolls back a transaction left open by a failure.
    await client.end().catch(() => {});
  }
}

/** Streams a run's regenerated keys through COPY; notes the columns that hold nulls. */
async function copyKeys(
  client: pg.Client,
  sql: string,
  run: GeneratedRun,
  key: DeleteKey,
  withNulls: Set<string>,
): Promise<void> {
  const batches = keyBatches(run, key, DELETE_BATCH_ROWS, withNulls);
  // The first batch is made before COPY starts: a run that cannot be regenerated fails here.
  let next = batches.next();
  if (next.done) return;
  const stream = client.query(copyFrom(sql));
  const done = new Promise<void>((resolve, reject) => {
    stream.on("finish", () => resolve());
    stream.on("error", reject);
    // Destroyed after a failure below: the transaction is rolled back with the connection.
    stream.on("close", () => resolve());
  });
  const out = new ByteSink(1 << 20);
  try {
    while (!next.done) {
      out.pos = 0;
      writeCopyCsv(out, next.value);
      if (!stream.write(out.take())) await Promise.race([new Promise((r) => stream.once("drain", r)), done]);
      next = batches.next();
    }
  } catch (e) {
    stream.destroy();
    await done.catch(() => {});
    throw e;
  }
  stream.end();
  await done;
}

/** The table's primary key columns in key order (none when it has no primary key). */
async function primaryKey(client: pg.Client, o: PostgresOptions): Promise<string[]> {
  const r = await client.query<{ column_name: string }>(
    `SELECT k.column_name FROM information_schema.table_constraints c
       JOIN information_schema.key_column_usage k
         ON k.constraint_schema = c.constraint_schema AND k.constraint_name = c.constraint_name
        AND k.table_schema = c.table_schema AND k.table_name = c.table_name
      WHERE c.constraint_type = 'PRIMARY KEY' AND c.table_schema = $1 AND c.table_name = $2
      ORDER BY k.ordinal_position`,
    [o.schema, o.table],
  );
  return r.rows.map((row) => row.column_name);
}

/**
 * Each column's underlying type name (`udt_name`: int8, json, _text, ...; a domain's base type,
 * which postgres-table.ts's columnTypes, typname, would name by the domain).
 */
async function columnTypes(client: pg.Client, o: PostgresOptions): Promise<Map<string, string>> {
  const r = await client.query<{ column_name: string; udt_name: string }>(
    "SELECT column_name, udt_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2",
    [o.schema, o.table],
  );
  return new Map(r.rows.map((row) => [row.column_name, row.udt_name]));
}
