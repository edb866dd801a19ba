import { PassThrough } from "node:stream";
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
import { writeLoadDataTsv } from "./load-data-tsv.ts";
import type { MysqlClient } from "./mysql-client.ts";
import { type MysqlOptions, qualifiedTable, quoteIdent } from "./mysql-options.ts";
import { loadDataSql } from "./mysql-sink.ts";

/** mysql2 sends each chunk of the file stream as one protocol packet: keep them well under 16 MiB. */
const PACKET_BYTES = 1 << 20;

interface ResultHeader {
  readonly affectedRows?: number;
}

/** Column types whose comparison follows a collation (case, trailing spaces): compared as bytes in a row-equality delete. */
const COLLATED = /^(char|varchar|tinytext|text|mediumtext|longtext|enum|set|json)$/;

/**
 * Delete mode for a MySQL/MariaDB step: the key columns (see deleteKey) of every earlier run
 * that wrote to the table (regenerated) are loaded into a temporary table with the table's
 * own column types (LOAD DATA LOCAL INFILE, as runs write), grouped into distinct rows with
 * how often the runs wrote each (indexed), then in one InnoDB transaction a multi-table DELETE
 * joined on them removes the table's rows equal to one. Under row equality the matches are
 * first counted per generated row in a locking read; one the table holds more often than
 * written is deleted as often as written, with DELETE ... LIMIT, where allowed
 * (deleteMatchingRows says what is refused). Rows not made by those runs stay. Counts the
 * rows deleted.
 */
export const mysqlRowDelete: RowDelete<MysqlOptions, MysqlClient> = { tableKeys, deleter: mysqlDeleter };

/** The SQL of a MySQL/MariaDB delete (see deleteMatchingRows), on temporary tables of this session. */
function mysqlDeleter(
  client: MysqlClient,
  o: MysqlOptions,
  key: DeleteKey,
  runs: readonly GeneratedRun[],
): RowDeleter {
  const table = qualifiedTable(o);
  const temp = (name: string) => `${quoteIdent(o.database)}.rowforge_delete_${name}`;
  const [rows, grouped, ambiguous] = [temp("rows"), temp("wanted"), temp("ambiguous")];
  // Under row equality the loaded rows are grouped (with rowforge_kid, rowforge_written); by a
  // key the table enforces, each loaded row is wanted as it is.
  const wanted = key.by === "row" ? grouped : rows;
  const list = key.columns.map(quoteIdent).join(", ");
  let collated = new Set<string>();
  // Table row `t` equals wanted row k: null-safe, and byte for byte where a collation would
  // call 'abc' and 'ABC ' equal (its index finds the candidates, the bytes decide).
  const match = (t: string) =>
    key.columns
      .map((c) => {
        const [a, b] = [`${t}.${quoteIdent(c)}`, `k.${quoteIdent(c)}`];
        return `${a} <=> ${b}${collated.has(c) ? ` AND CAST(${a} AS BINARY) <=> CAST(${b} AS BINARY)` : ""}`;
      })
      .join(" AND ");
  return {
    async load() {
      const types = await columnTypes(client, o);
      for (const t of [rows, grouped, ambiguous]) await client.query(`DROP TEMPORARY TABLE IF EXISTS ${t}`);
      // Temporary tables (created, loaded, altered, dropped) neither commit a transaction nor
      // are seen by other sessions; the transaction begins once they are ready.
      await client.query(
        `CREATE TEMPORARY TABLE ${rows} ENGINE=InnoDB AS SELECT ${list} FROM ${table} LIMIT 0`,
      );
      for (const run of runs) await loadRows(client, rows, run, key);
      const n = await client.query<{ n: string | number }[]>(`SELECT COUNT(*) AS n FROM ${rows}`);
      if (key.by === "row") {
        collated = new Set(key.columns.filter((c) => COLLATED.test(types.get(c)?.type ?? "")));
        await client.query(
          `CREATE TEMPORARY TABLE ${grouped} ENGINE=InnoDB AS SELECT ${list} FROM ${table} LIMIT 0`,
        );
        await client.query(
          `ALTER TABLE ${grouped} ADD COLUMN rowforge_kid BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, ADD COLUMN rowforge_written BIGINT NOT NULL`,
        );
        // One row per distinct generated row (as stored: bytes, where a collation would merge them), with how often it was written.
        const by = key.columns.map((c) =>
          collated.has(c) ? `CAST(${quoteIdent(c)} AS BINARY)` : quoteIdent(c),
        );
        const picked = key.columns.map((c) => (collated.has(c) ? `MIN(${quoteIdent(c)})` : quoteIdent(c)));
        await client.query(
          `INSERT INTO ${grouped} (${list}, rowforge_written) SELECT ${picked.join(", ")}, COUNT(*) FROM ${rows} GROUP BY ${by.join(", ")}`,
        );
        await client.query(`DROP TEMPORARY TABLE ${rows}`);
      }
      await indexKeys(client, wanted, key, types);
      await client.query("START TRANSACTION");
      return Number(n[0]?.n ?? 0);
    },
    referencing: () => referencingRows(client, o, wanted, match),
    async deleteAll() {
      const all = `DELETE t FROM ${table} AS t JOIN ${wanted} AS k ON ${match("t")}`;
      // Each key is one row (the table enforces it): no generated row can match more than one.
      if (key.by !== "row") return { deleted: (await client.query<ResultHeader>(all)).affectedRows ?? 0 };
      // Counted first in a locking read: the rows stay as counted until the delete commits.
      await client.query(
        `CREATE TEMPORARY TABLE ${ambiguous} ENGINE=InnoDB SELECT k.rowforge_kid AS kid, k.rowforge_written AS written, COUNT(*) AS present FROM ${table} AS t JOIN ${wanted} AS k ON ${match("t")} GROUP BY k.rowforge_kid, k.rowforge_written HAVING COUNT(*) > k.rowforge_written FOR UPDATE`,
      );
      const values = key.columns.map((c, i) => `CAST(k.${quoteIdent(c)} AS CHAR) AS v${i}`);
      const first = (
        await client.query<Record<string, string | number | null>[]>(
          `SELECT (SELECT COUNT(*) FROM ${ambiguous}) AS n, a.present, a.written, ${values.join(", ")} FROM ${ambiguous} AS a JOIN ${wanted} AS k ON k.rowforge_kid = a.kid ORDER BY a.kid LIMIT 1`,
        )
      )[0];
      if (first === undefined) return { deleted: (await client.query<ResultHeader>(all)).affectedRows ?? 0 };
      return {
        ambiguity: {
          rows: Number(first.n),
          present: Number(first.present),
          written: Number(first.written),
          values: key.columns.map((_, i) => (first[`v${i}`] === null ? null : String(first[`v${i}`]))),
        },
      };
    },
    async deleteAsWritten() {
      // The rows of generated rows not held too often, then as many as written of the others
      // (equal in every column: any of them).
      const r = await client.query<ResultHeader>(
        `DELETE t FROM ${table} AS t JOIN ${wanted} AS k ON ${match("t")} LEFT JOIN ${ambiguous} AS a ON a.kid = k.rowforge_kid WHERE a.kid IS NULL`,
      );
      let deleted = r.affectedRows ?? 0;
      const extra = await client.query<{ kid: string | number; written: string | number }[]>(
        `SELECT kid, written FROM ${ambiguous} ORDER BY kid`,
      );
      for (const a of extra) {
        const one = await client.query<ResultHeader>(
          `DELETE FROM ${table} WHERE EXISTS (SELECT 1 FROM ${wanted} AS k WHERE k.rowforge_kid = ? AND ${match(table)}) LIMIT ?`,
          [Number(a.kid), Number(a.written)],
        );
        deleted += one.affectedRows ?? 0;
      }
      return deleted;
    },
    async commit() {
      await client.query("COMMIT");
      for (const t of [rows, grouped, ambiguous]) await client.query(`DROP TEMPORARY TABLE IF EXISTS ${t}`);
    },
  };
}

/** Streams a run's regenerated rows of the key's columns into the temporary table. */
async function loadRows(client: MysqlClient, rows: string, run: GeneratedRun, key: DeleteKey): Promise<void> {
  const batches = keyBatches(run, key, DELETE_BATCH_ROWS);
  // The first batch is made before the statement starts: a run that cannot be regenerated fails here.
  let next = batches.next();
  if (next.done) return;
  const stream = new PassThrough({ highWaterMark: 4 * PACKET_BYTES });
  const done = client.query<ResultHeader>(
    loadDataSql(rows, next.value.schema, key.columns),
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
    // Dropping the connection ends the statement; nothing was deleted yet.
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

/** A column's type as information_schema gives it. */
interface ColumnType {
  readonly type: string;
  readonly length: number;
}

/** Every column's data type (lower case) and character length. */
async function columnTypes(client: MysqlClient, o: MysqlOptions): Promise<Map<string, ColumnType>> {
  const rows = await client.query<{ name: string; type: string; len: number | string | null }[]>(
    "SELECT column_name AS name, data_type AS type, character_maximum_length AS len FROM information_schema.columns WHERE table_schema = ? AND table_name = ?",
    [o.database, o.table],
  );
  return new Map(
    rows.map((r) => [r.name, { type: String(r.type ?? "").toLowerCase(), length: Number(r.len ?? 0) }]),
  );
}

/**
 * Indexes the distinct generated rows (long text and binary by a prefix): MariaDB joins
 * without hashing, so without it each table row would be compared with every generated row.
 * Built once they are in (faster than keeping it up while loading; ALTER TABLE ends a
 * transaction, and none is open yet). An index it cannot make only costs time, never correctness.
 */
async function indexKeys(
  client: MysqlClient,
  wanted: string,
  key: DeleteKey,
  types: ReadonlyMap<string, ColumnType>,
): Promise<void> {
  const parts = key.columns
    .filter((c) => !UNINDEXABLE.test(types.get(c)?.type ?? ""))
    .slice(0, INDEXED_COLUMNS)
    .map((c) => {
      const t = types.get(c);
      const type = t?.type ?? "";
      const long = PREFIXED.test(type) && !(type.startsWith("var") && (t?.length ?? 0) <= PREFIX);
      return `${quoteIdent(c)}${long ? `(${PREFIX})` : ""}`;
    });
  if (parts.length === 0) return;
  await client.query(`ALTER TABLE ${wanted} ADD INDEX rowforge_keys (${parts.join(", ")})`).catch(() => {});
}

/**
 * The keys the table enforces, primary key first: unique indexes whose columns are all NOT
 * NULL (a unique column holding nulls holds them many times).
 */
async function tableKeys(client: MysqlClient, o: MysqlOptions): Promise<TableKey[]> {
  const rows = await client.query<{ name: string; col: string; nullable: string }[]>(
    "SELECT index_name AS name, column_name AS col, nullable AS nullable FROM information_schema.statistics WHERE table_schema = ? AND table_name = ? AND non_unique = 0 ORDER BY index_name = 'PRIMARY' DESC, index_name, seq_in_index",
    [o.database, o.table],
  );
  const keys = new Map<string, { columns: string[]; nullable: boolean }>();
  for (const r of rows) {
    const k = keys.get(r.name) ?? { columns: [], nullable: false };
    k.columns.push(r.col);
    k.nullable ||= r.nullable === "YES";
    keys.set(r.name, k);
  }
  return [...keys]
    .filter(([, k]) => !k.nullable)
    .map(([name, k]) => ({ columns: k.columns, primary: name === "PRIMARY" }))
    .sort((a, b) => Number(b.primary) - Number(a.primary) || a.columns.length - b.columns.length);
}

/**
 * Rows that reference a matched row through a foreign key and are not matched themselves (a
 * self-reference): the first foreign key that has any, with how many. `match(alias)` is the
 * condition that the alias's row equals wanted row `k`. The matched rows are locked first
 * when a foreign key would change its rows on delete (no such row is added before the delete).
 */
async function referencingRows(
  client: MysqlClient,
  o: MysqlOptions,
  wanted: string,
  match: (alias: string) => string,
): Promise<Referencing | undefined> {
  const rows = await client.query<
    { db: string; child: string; name: string; rule: string; col: string; ref: string }[]
  >(
    `SELECT rc.constraint_schema AS db, rc.table_name AS child, rc.constraint_name AS name, rc.delete_rule AS rule, k.column_name AS col, k.referenced_column_name AS ref
       FROM information_schema.referential_constraints rc
       JOIN information_schema.key_column_usage k
         ON k.constraint_schema = rc.constraint_schema AND k.constraint_name = rc.constraint_name AND k.table_name = rc.table_name
      WHERE rc.unique_constraint_schema = ? AND rc.referenced_table_name = ?
      ORDER BY rc.constraint_schema, rc.table_name, rc.constraint_name, k.ordinal_position`,
    [o.database, o.table],
  );
  const fks = new Map<
    string,
    { db: string; child: string; name: string; rule: string; cols: string[]; refs: string[] }
  >();
  for (const r of rows) {
    const id = `${r.db}.${r.child}.${r.name}`;
    const fk = fks.get(id) ?? { db: r.db, child: r.child, name: r.name, rule: r.rule, cols: [], refs: [] };
    fk.cols.push(r.col);
    fk.refs.push(r.ref);
    fks.set(id, fk);
  }
  const table = qualifiedTable(o);
  if (fks.size === 0) return undefined;
  if ([...fks.values()].some((fk) => CHANGES_CHILDREN.has(fk.rule.toUpperCase())))
    await client.query(`SELECT COUNT(*) FROM ${table} AS t JOIN ${wanted} AS k ON ${match("t")} FOR UPDATE`);
  for (const fk of fks.values()) {
    const child = `${quoteIdent(fk.db)}.${quoteIdent(fk.child)}`;
    const on = fk.cols.map((c, i) => `c.${quoteIdent(c)} = p.${quoteIdent(fk.refs[i]!)}`).join(" AND ");
    const self = fk.db === o.database && fk.child === o.table;
    const r = await client.query<{ n: string | number }[]>(
      `SELECT COUNT(*) AS n FROM ${child} AS c WHERE EXISTS (SELECT 1 FROM ${table} AS p JOIN ${wanted} AS k ON ${match("p")} WHERE ${on})${self ? ` AND NOT EXISTS (SELECT 1 FROM ${wanted} AS k WHERE ${match("c")})` : ""}`,
    );
    const n = Number(r[0]?.n ?? 0);
    if (n > 0)
      return {
        table: `${fk.db}.${fk.child}`,
        constraint: fk.name,
        columns: fk.cols,
        onDelete: fk.rule.toUpperCase(),
        rows: n,
      };
  }
  return undefined;
}
