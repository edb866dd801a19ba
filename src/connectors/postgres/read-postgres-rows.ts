import { sqlRowsReader } from "../reference/sql-table-reader.ts";
import { qualifiedTable } from "./postgres-options.ts";
import { POSTGRES_TABLE } from "./read-postgres-reference.ts";

/**
 * Reads every row of an existing PostgreSQL table back as Arrow batches (validations), through
 * a server-side cursor in a read-only transaction: `batchRows` rows in memory at a time.
 */
export const readPostgresRows = sqlRowsReader(POSTGRES_TABLE, async function* (client, o, select, batchRows) {
  await client.query("BEGIN READ ONLY");
  await client.query(
    `DECLARE rowforge_read NO SCROLL CURSOR FOR SELECT ${select.join(", ")} FROM ${qualifiedTable(o)}`,
  );
  for (;;) {
    const r = await client.query<(string | null)[]>({
      text: `FETCH FORWARD ${Math.max(1, Math.floor(batchRows))} FROM rowforge_read`,
      rowMode: "array",
    });
    if (r.rows.length === 0) return;
    yield r.rows;
  }
});
