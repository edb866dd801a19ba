import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { ReadBack, ReadBackRequest } from "../connector.ts";
import { readSqlRows } from "../reference/sql-read-back.ts";
import { connectMysql } from "./mysql-client.ts";
import { type MysqlOptions, qualifiedTable, quoteIdent } from "./mysql-options.ts";
import { mysqlReadError, mysqlTableSource } from "./read-mysql-reference.ts";

/**
 * Reads every row of an existing MySQL/MariaDB table back as Arrow batches (validations), in
 * pages of `batchRows` ordered by the primary key (by every column when there is none), in one
 * consistent-snapshot transaction.
 */
export async function readMysqlRows(
  o: MysqlOptions,
  step: ResolvedStep,
  request: ReadBackRequest,
): Promise<ReadBack> {
  const client = await connectMysql(o);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await client.query("ROLLBACK").catch(() => {});
    await client.end().catch(() => {});
  };
  const unreadable = (e: unknown) => mysqlReadError(o, step, e);
  const table = mysqlTableSource(client, o, step);
  let columns: string[] = [];
  try {
    return await readSqlRows(request, {
      ...table,
      async columnTypes() {
        const types = await table.columnTypes();
        columns = [...(types?.keys() ?? [])];
        return types;
      },
      async *pages(select, batchRows) {
        try {
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
                select.map((_, k) =>
                  r[`c${k}`] === null || r[`c${k}`] === undefined ? null : String(r[`c${k}`]),
                ),
              );
            if (rows.length < size) return;
          }
        } catch (e) {
          throw unreadable(e);
        }
      },
      close,
    });
  } catch (e) {
    await close();
    throw unreadable(e);
  }
}
