import type cassandra from "cassandra-driver";
import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { DeleteOutcome } from "../connector.ts";
import {
  DELETE_BATCH_ROWS,
  type DeleteKey,
  deletedOutput,
  keyBatches,
  type RunsToDelete,
  tableGone,
} from "../database-delete.ts";
import { matchColumns, writtenFields } from "../database-options.ts";
import { columnAdapter } from "./cassandra-adapt.ts";
import { writeError } from "./cassandra-client.ts";
import { cassandraDriver } from "./cassandra-driver.ts";
import {
  type CassandraOptions,
  qualifiedTable,
  quoteIdent,
  tableName,
  tableOnServer,
} from "./cassandra-options.ts";
import { type TableSchema, tableSchema } from "./cassandra-table.ts";
import { batchParameters } from "./cassandra-values.ts";

/**
 * Delete mode for a Cassandra step. The rows of every earlier run that wrote to the table are
 * regenerated and found by the table's full primary key (partition key then clustering
 * columns, as system_schema.columns gives it), which the step must generate whole: a
 * partition key alone would delete whole partitions, rows others wrote included. A row goes
 * only while it holds exactly what a run wrote: each is removed by a conditional DELETE (a
 * lightweight transaction, compared by Cassandra as stored) `... WHERE k1 = ? AND k2 = ? IF
 * c1 = ? AND c2 = ? AND other = null`, its generated columns equal to the regenerated values
 * and the regular columns the step does not generate empty (`IF EXISTS` when the table has
 * only key columns); a row whose conditions are all null is first found by a SELECT, as such
 * a condition also holds for a missing row. Per batch of keys, through the driver's
 * executeConcurrent (at most `concurrency` in flight); the count is the statements Cassandra
 * applied. No transactions: rows deleted before a failure stay deleted.
 */
export async function deleteCassandraRows(
  client: cassandra.Client,
  o: CassandraOptions,
  step: ResolvedStep,
  todo: RunsToDelete,
  output: string,
): Promise<DeleteOutcome> {
  const stepName = step.step.name;
  const written = new Set<string>();
  const deleted = new Set<string>();
  try {
    const table = await tableSchema(client, o);
    if (table === undefined) return tableGone(todo, tableName(o));
    const key = cassandraDeleteKey(step, o, table);
    const d = conditionalDelete(step, o, table, key);
    for (const run of todo.runs) {
      for (const batch of keyBatches(run, d.key, DELETE_BATCH_ROWS)) {
        const adapters = batch.schema.fields.map((f, k) =>
          columnAdapter(f.type, table.types.get(d.key.columns[k]!)!),
        );
        const rows = distinctRows(batchParameters(batch), adapters, key.columns.length);
        for (const r of rows) written.add(r.key);
        // A row whose conditions are all null is deleted only when a SELECT finds it.
        const [sure, unsure] = [[] as KeyedRow[], [] as KeyedRow[]];
        for (const r of rows)
          (!d.ifExists && r.values.slice(key.columns.length).every((v) => v === null) ? unsure : sure).push(
            r,
          );
        const found = await execute(
          client,
          d.select,
          unsure.map((r) => r.values.slice(0, key.columns.length)),
          o,
        );
        const todoRows = [...sure, ...unsure.filter((_, k) => (found[k]?.rows.length ?? 0) > 0)];
        const results = await execute(
          client,
          d.remove,
          todoRows.map((r) => r.values),
          o,
        );
        results.forEach((result, k) => {
          if (result?.rows[0]?.["[applied]"] === true) deleted.add(todoRows[k]!.key);
        });
      }
    }
    return {
      records: deleted.size,
      outputs: [deletedOutput(output, key, written.size, deleted.size, true)],
      runs: todo.done,
    };
  } catch (e) {
    if (e instanceof RowforgeError) throw e;
    const kept = `; ${deleted.size} row(s) were deleted before it and stay deleted (Cassandra has no transactions): delete again to finish`;
    const coded = writeError(o, stepName, e);
    if (coded.code !== "RF_DB_WRITE_FAILED")
      throw new RowforgeError(coded.code, `${coded.message}${kept}`, { cause: e });
    throw new RowforgeError(
      "RF_DB_WRITE_FAILED",
      `step "${stepName}": ${tableOnServer(o)} refused a delete statement: ${messageOf(e)}${kept}`,
      { cause: e, hint: "the runs stay recorded as not deleted: a delete run again removes the rows left" },
    );
  }
}

/** The statements of a conditional delete and the columns their parameters come from. */
interface ConditionalDelete {
  /** The primary key's fields, then the generated regular columns' (whose values the conditions compare). */
  readonly key: DeleteKey;
  /** The table has only key columns: the delete's condition is `IF EXISTS` (it holds for found rows only). */
  readonly ifExists: boolean;
  readonly select: string;
  readonly remove: string;
}

/**
 * The conditional delete of a step's rows: found by the primary key, deleted if the generated
 * regular columns hold the regenerated values and the other regular (non-static) columns are
 * empty; `IF EXISTS` when the table has no regular column.
 */
function conditionalDelete(
  step: ResolvedStep,
  o: CassandraOptions,
  table: TableSchema,
  key: DeleteKey,
): ConditionalDelete {
  const written = writtenFields(step);
  const columns = matchColumns(written, [...table.types.keys()], tableName(o), step.step.name);
  const generated = columns
    .map((c, k) => ({ c, f: written[k]! }))
    .filter(({ c }) => !key.columns.includes(c));
  const empty = [...table.types.keys()].filter(
    (c) => !columns.includes(c) && !key.columns.includes(c) && !table.statics.includes(c),
  );
  const conditions = [
    ...generated.map(({ c }) => `${quoteIdent(c)} = ?`),
    ...empty.map((c) => `${quoteIdent(c)} = null`),
  ];
  const where = key.columns.map((c) => `${quoteIdent(c)} = ?`).join(" AND ");
  return {
    key: {
      ...key,
      fields: [...key.fields, ...generated.map(({ f }) => f)],
      columns: [...key.columns, ...generated.map(({ c }) => c)],
    },
    ifExists: conditions.length === 0,
    select: `SELECT ${quoteIdent(key.columns[0]!)} FROM ${qualifiedTable(o)} WHERE ${where}`,
    remove: `DELETE FROM ${qualifiedTable(o)} WHERE ${where} IF ${conditions.length > 0 ? conditions.join(" AND ") : "EXISTS"}`,
  };
}

/** Runs one prepared statement per parameter list, at most `concurrency` in flight; the result of each. */
async function execute(
  client: cassandra.Client,
  query: string,
  params: unknown[][],
  o: CassandraOptions,
): Promise<(cassandra.types.ResultSet | undefined)[]> {
  if (params.length === 0) return [];
  const r = await cassandraDriver().concurrent.executeConcurrent(client, query, params, {
    concurrencyLevel: o.concurrency,
    raiseOnFirstError: true,
    collectResults: true,
  });
  return r.resultItems as (cassandra.types.ResultSet | undefined)[];
}

/**
 * The key rows are deleted by: every column of the table's primary key, each generated by the
 * step (fields matched to columns by name). A key column the step does not generate is refused.
 */
export function cassandraDeleteKey(step: ResolvedStep, o: CassandraOptions, table: TableSchema): DeleteKey {
  const written = writtenFields(step);
  const columns = matchColumns(written, [...table.types.keys()], tableName(o), step.step.name);
  const fieldOf = new Map(written.map((f, k) => [columns[k]!, f]));
  const primary = [...table.partition, ...table.clustering];
  const missing = primary.filter((c) => !fieldOf.has(c));
  if (missing.length > 0) {
    throw new RowforgeError(
      "RF_DELETE_KEY_NOT_GENERATED",
      `step "${step.step.name}": delete mode removes rows of ${tableOnServer(o)} by its primary key (${primary.join(", ")}), and the step does not generate ${missing.join(", ")}`,
      {
        hint: `add field(s) ${missing.join(", ")} to the step as they were generated, or delete the rows by hand`,
      },
    );
  }
  const others = [...table.types.keys()].filter((c) => !fieldOf.has(c));
  return { fields: primary.map((c) => fieldOf.get(c)!), columns: primary, by: "primary key", others };
}

/** A regenerated row as driver parameters (key columns first), and its primary key as text. */
interface KeyedRow {
  readonly values: unknown[];
  readonly key: string;
}

const textOf = (values: readonly unknown[]): string =>
  JSON.stringify(values, (_k, x: unknown) =>
    typeof x === "bigint" ? `${x}n` : x instanceof Map ? [...x] : x,
  );

/** The batch's rows as driver parameters, converted to the columns' types; rows with a null key (never stored) and repeats dropped. */
function distinctRows(
  rows: unknown[][],
  adapters: readonly (((v: unknown) => unknown) | undefined)[],
  keyColumns: number,
): KeyedRow[] {
  const seen = new Set<string>();
  const out: KeyedRow[] = [];
  for (const row of rows) {
    if (row.slice(0, keyColumns).some((v) => v === null)) continue;
    const values = row.map((v, k) => (v === null ? null : (adapters[k]?.(v) ?? v)));
    const text = textOf(values);
    if (seen.has(text)) continue;
    seen.add(text);
    out.push({ values, key: textOf(values.slice(0, keyColumns)) });
  }
  return out;
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
