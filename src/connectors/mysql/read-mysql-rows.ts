import { sqlRowsReader } from "../reference/sql-table-reader.ts";
import { qualifiedTable, quoteIdent } from "./mysql-options.ts";
import { MYSQL_TABLE } from "./read-mysql-reference.ts";

/**
 * Reads every row of an existing MySQL/MariaDB table back as Arrow batches (validations), in
 * pages of `batchRows` ordered by the primary key (by every column when there is none), in one
 * consistent-snapshot transaction.
 */
export const readMysqlRows = sqlRowsReader(
  MYSQL_TABLE,
  async function* (client, o, select, batchRows, columns) {
    const keys = await client.query<{ name: string }[]>(
      "SELECT column_name AS name FROM information_schema.key_column_usage WHERE table_schema = ? AND table_name = ? AND constraint_name = 'PRIMARY' ORDER BY ordinal_position",
      [o.database, o.table],
    );
    const order = (keys.length > 0 ? keys.map((k) => k.name) : columns).map(quoteIdent).join(", ");
    await client.query("START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY");
    const size = Math.max(1, Math.floor(batchRows));
    for (let offset = 0; ; offset += size) {
      const rows = await client.query<Record<string, unknown>[]>(
        `SELECT ${select.map((s, k) => `${s} AS c${k}`).join(", ")} FROM ${qualifiedTable(o)} ORDER BY ${order} LIMIT ${size} OFFSET ${offset}`,
      );
      if (rows.length > 0)
        yield rows.map((r) =>
          select.map((_, k) => (r[`c${k}`] === null || r[`c${k}`] === undefined ? null : String(r[`c${k}`]))),
        );
      if (rows.length < size) return;
    }
  },
);
