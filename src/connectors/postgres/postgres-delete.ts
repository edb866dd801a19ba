import type pg from "pg";
import { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import type { GeneratedRun } from "../connector.ts";
import {
  CHANGES_CHILDREN,
  DELETE_BATCH_ROWS,
  type DeleteKey,
  keyBatches,
  type Referencing,
  type RowDeleter,
  type TableKey,
} from "../database-delete.ts";
import type { RowDelete } from "../table/table-dialect.ts";
import {
  binaryColumnTypes,
  COPY_BINARY_HEADER,
  COPY_BINARY_TRAILER,
  writeCopyBinary,
} from "./copy-binary.ts";
import { writeCopyCsv } from "./copy-csv.ts";
import { type PostgresOptions, qualifiedTable, quoteIdent } from "./postgres-options.ts";
import { columnTypes } from "./postgres-table.ts";

/**
 * Base types whose `=` holds exactly when the stored values are the same: compared natively
 * (fast, hashable). Every other column of a row-equality delete is compared as its text in
 * the "C" collation: strings byte for byte (whatever the column's collation, citext too),
 * json and xml as written, numerics with their scale, intervals as given.
 */
const EXACT_EQUALITY = new Set([
  "int2",
  "int4",
  "int8",
  "float4",
  "float8",
  "bool",
  "date",
  "time",
  "timestamp",
  "timestamptz",
  "uuid",
  "bytea",
  "jsonb",
]);

/**
 * Delete mode for a PostgreSQL step: in one transaction, the key columns (see deleteKey) of
 * every earlier run that wrote to the table (regenerated) are copied into a temporary table
 * with the table's own column types and grouped into distinct rows with how often the runs
 * wrote each; then one `DELETE ... USING` removes the table's rows equal to one of them,
 * returning which, and when one generated row matched more rows than written the delete is
 * undone (to a savepoint) and, where allowed, done again by `ctid`, each generated row at most
 * as often as written (deleteMatchingRows says what is refused). Rows not made by those runs
 * stay. Counts the rows deleted.
 */
export const postgresRowDelete: RowDelete<PostgresOptions, pg.Client> = {
  tableKeys,
  deleter: postgresDeleter,
};

const ROWS = "rowforge_delete_rows";
const WANTED = "rowforge_delete_wanted";
const FOUND = "rowforge_delete_found";
const PARENTS = "rowforge_delete_parents";

/** The SQL of a PostgreSQL delete (see deleteMatchingRows), on temporary tables dropped at commit. */
function postgresDeleter(
  client: pg.Client,
  o: PostgresOptions,
  key: DeleteKey,
  runs: readonly GeneratedRun[],
): RowDeleter {
  const table = qualifiedTable(o);
  const withNulls = new Set<string>();
  // Column i as compared: itself, or its text in the C collation (see EXACT_EQUALITY).
  let exact = (ref: string, _i: number): string => ref;
  // Table row `t` equals wanted row k, whose column ci holds column i's value as compared.
  const match = (t: string) =>
    key.columns
      .map(
        (c, i) =>
          `${exact(`${t}.${quoteIdent(c)}`, i)} ${withNulls.has(c) ? "IS NOT DISTINCT FROM" : "="} k.c${i}`,
      )
      .join(" AND ");
  // Under row equality the loaded rows are grouped (WANTED: kid, written, c0, ...); by a key
  // the table enforces, each loaded row is wanted as it is (ROWS: c0, ...).
  const wanted = key.by === "row" ? WANTED : ROWS;
  // Built when used: load() decides how each column compares and which hold nulls.
  const matched = () => `SELECT t.ctid AS tid FROM ${table} t JOIN ${wanted} k ON ${match("t")}`;
  return {
    async load() {
      await client.query("BEGIN");
      // Hashes and sorts of a few hundred thousand rows stay in memory.
      await client.query("SET LOCAL work_mem = '64MB'");
      const columns = key.columns.map((c, i) => `${quoteIdent(c)} AS c${i}`);
      await client.query(
        `CREATE TEMPORARY TABLE ${ROWS} ON COMMIT DROP AS SELECT ${columns.join(", ")} FROM ${table} WITH NO DATA`,
      );
      const types = await columnTypes(client, o, key.columns);
      for (const run of runs) await copyRows(client, key, types, run, withNulls);
      if (key.by === "row") {
        const bases = await baseTypes(client, o);
        exact = (ref, i) =>
          EXACT_EQUALITY.has(bases.get(key.columns[i]!) ?? "") ? ref : `(${ref})::text COLLATE "C"`;
        const compared = key.columns.map((_, i) => `${exact(`r.c${i}`, i)} AS c${i}`);
        await client.query(
          `CREATE TEMPORARY TABLE ${WANTED} ON COMMIT DROP AS SELECT row_number() OVER () AS kid, count(*) AS written, ${compared.join(", ")} FROM ${ROWS} r GROUP BY ${key.columns.map((_, i) => i + 3).join(", ")}`,
        );
      }
      await client.query(`ANALYZE ${wanted}`);
      const n = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${ROWS}`);
      return Number(n.rows[0]?.n ?? 0);
    },
    referencing: () => referencingRows(client, table, matched()),
    async deleteAll() {
      if (key.by !== "row") {
        // Each key is one row (the table enforces it): no generated row can match more than one.
        const r = await client.query(`DELETE FROM ${table} t USING ${ROWS} k WHERE ${match("t")}`);
        return { deleted: r.rowCount ?? 0 };
      }
      // Deleted and counted per generated row in one statement; undone when one matched too many.
      await client.query("SAVEPOINT rowforge_delete");
      const values = key.columns.map((_, i) => `k.c${i}::text AS v${i}`);
      const r = await client.query<Record<string, string | null>>(
        `WITH d AS (DELETE FROM ${table} t USING ${WANTED} k WHERE ${match("t")} RETURNING k.kid),
              n AS (SELECT kid, count(*) AS present FROM d GROUP BY kid),
              over AS (SELECT n.kid, n.present, k.written FROM n JOIN ${WANTED} k USING (kid) WHERE n.present > k.written)
         SELECT (SELECT coalesce(sum(present), 0) FROM n) AS deleted, (SELECT count(*) FROM over) AS rows,
                o.present, o.written, ${values.join(", ")}
           FROM (SELECT 1) one
           LEFT JOIN (SELECT * FROM over ORDER BY kid LIMIT 1) o ON true
           LEFT JOIN ${WANTED} k ON k.kid = o.kid`,
      );
      const first = r.rows[0]!;
      if (Number(first.rows) === 0) return { deleted: Number(first.deleted) };
      await client.query("ROLLBACK TO SAVEPOINT rowforge_delete");
      return {
        ambiguity: {
          rows: Number(first.rows),
          present: Number(first.present),
          written: Number(first.written),
          values: key.columns.map((_, i) => first[`v${i}`] ?? null),
        },
      };
    },
    async deleteAsWritten() {
      // Rows equal in every column: as many of each as the runs wrote, by their ctid (a row
      // changed meanwhile has another and stays).
      await client.query(
        `CREATE TEMPORARY TABLE ${FOUND} ON COMMIT DROP AS SELECT t.ctid AS tid, k.kid FROM ${table} t JOIN ${WANTED} k ON ${match("t")}`,
      );
      const r = await client.query(
        `DELETE FROM ${table} t USING (SELECT f.tid FROM (SELECT tid, kid, row_number() OVER (PARTITION BY kid ORDER BY tid) AS n FROM ${FOUND}) f JOIN ${WANTED} k USING (kid) WHERE f.n <= k.written) d WHERE t.ctid = d.tid`,
      );
      return r.rowCount ?? 0;
    },
    async commit() {
      await client.query("COMMIT");
    },
  };
}

/** Streams a run's regenerated rows of the key's columns through COPY (binary when the sink's would be); notes the columns that hold nulls. */
async function copyRows(
  client: pg.Client,
  key: DeleteKey,
  types: readonly string[],
  run: GeneratedRun,
  withNulls: Set<string>,
): Promise<void> {
  const batches = keyBatches(run, key, DELETE_BATCH_ROWS, withNulls);
  // The first batch is made before COPY starts: a run that cannot be regenerated fails here.
  let next = batches.next();
  if (next.done) return;
  // The values go in as the run's did, so they are stored alike (a float's text, say).
  const binary = binaryColumnTypes(next.value.schema, types);
  const { from: copyFrom } = (await import("pg-copy-streams")).default;
  const stream = client.query(
    copyFrom(
      `COPY ${ROWS} (${key.columns.map((_, i) => `c${i}`).join(", ")}) FROM STDIN WITH (FORMAT ${binary ? "binary" : "csv"})`,
    ),
  );
  const done = new Promise<void>((resolve, reject) => {
    stream.on("finish", () => resolve());
    stream.on("error", reject);
    // Destroyed after a failure below: the transaction is rolled back with the connection.
    stream.on("close", () => resolve());
  });
  const out = new ByteSink(1 << 20);
  try {
    if (binary) stream.write(Buffer.from(COPY_BINARY_HEADER));
    while (!next.done) {
      out.pos = 0;
      if (binary) writeCopyBinary(out, next.value, binary);
      else writeCopyCsv(out, next.value);
      if (!stream.write(out.take())) await Promise.race([new Promise((r) => stream.once("drain", r)), done]);
      next = batches.next();
    }
    if (binary) stream.write(Buffer.from(COPY_BINARY_TRAILER));
  } catch (e) {
    stream.destroy();
    await done.catch(() => {});
    throw e;
  }
  stream.end();
  await done;
}

/**
 * The keys the table enforces, primary key first: unique, immediate, non-partial indexes on
 * plain columns that are all NOT NULL (a unique column holding nulls holds them many times).
 */
async function tableKeys(client: pg.Client, o: PostgresOptions): Promise<TableKey[]> {
  const r = await client.query<{ primary: boolean; columns: string[] }>(
    `SELECT i.indisprimary AS primary, array_agg(a.attname::text ORDER BY k.n) AS columns
       FROM pg_index i
       CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
      WHERE i.indrelid = $1::regclass AND i.indisunique AND i.indimmediate
        AND i.indpred IS NULL AND i.indexprs IS NULL AND k.n <= i.indnkeyatts
      GROUP BY i.indexrelid, i.indisprimary
     HAVING bool_and(a.attnotnull)
      ORDER BY i.indisprimary DESC, count(*), i.indexrelid`,
    [qualifiedTable(o)],
  );
  return r.rows;
}

/** Each column's base type (pg_type.typname; a domain's underlying type). */
async function baseTypes(client: pg.Client, o: PostgresOptions): Promise<Map<string, string>> {
  const r = await client.query<{ name: string; base: string }>(
    `SELECT a.attname AS name, coalesce(b.typname, t.typname) AS base
       FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
       LEFT JOIN pg_type b ON t.typtype = 'd' AND b.oid = t.typbasetype
      WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped`,
    [qualifiedTable(o)],
  );
  return new Map(r.rows.map((row) => [row.name, row.base]));
}

const ON_DELETE: Readonly<Record<string, string>> = {
  a: "NO ACTION",
  r: "RESTRICT",
  c: "CASCADE",
  n: "SET NULL",
  d: "SET DEFAULT",
};

/**
 * Rows that reference a table row matched by `matched` (a query of their `tid`) through a
 * foreign key and are not matched themselves (a self-reference): the first foreign key that
 * has any, with how many. The matched rows are kept in a temporary table, locked when a
 * foreign key would change its rows on delete (no such row is added before the delete).
 */
async function referencingRows(
  client: pg.Client,
  table: string,
  matched: string,
): Promise<Referencing | undefined> {
  const fks = await client.query<{
    name: string;
    child: string;
    action: string;
    self: boolean;
    columns: string[];
    parents: string[];
  }>(
    `SELECT c.conname::text AS name, c.conrelid::regclass::text AS child, c.confdeltype AS action, c.conrelid = c.confrelid AS self,
            ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i) AS columns,
            ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i) AS parents
       FROM pg_constraint c WHERE c.contype = 'f' AND c.confrelid = $1::regclass ORDER BY 2, 1`,
    [table],
  );
  if (fks.rows.length === 0) return undefined;
  const lock = fks.rows.some((fk) => CHANGES_CHILDREN.has(ON_DELETE[fk.action] ?? ""));
  await client.query(
    `CREATE TEMPORARY TABLE ${PARENTS} ON COMMIT DROP AS ${matched}${lock ? " FOR UPDATE OF t" : ""}`,
  );
  for (const fk of fks.rows) {
    const columns = fk.columns.map((c) => `c.${quoteIdent(c)}`).join(", ");
    const parents = fk.parents.map((c) => `p.${quoteIdent(c)}`).join(", ");
    const self = fk.self ? ` AND c.ctid NOT IN (SELECT tid FROM ${PARENTS})` : "";
    const r = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${fk.child} c WHERE (${columns}) IN (SELECT ${parents} FROM ${table} p JOIN ${PARENTS} f ON p.ctid = f.tid)${self}`,
    );
    const rows = Number(r.rows[0]?.n ?? 0);
    if (rows > 0)
      return {
        table: fk.child,
        constraint: fk.name,
        columns: fk.columns,
        onDelete: ON_DELETE[fk.action] ?? fk.action,
        rows,
      };
  }
  return undefined;
}
