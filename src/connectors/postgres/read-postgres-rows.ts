import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { ReadBack, ReadBackRequest } from "../connector.ts";
import { readSqlRows } from "../reference/sql-read-back.ts";
import { connectPostgres } from "./postgres-client.ts";
import { type PostgresOptions, qualifiedTable } from "./postgres-options.ts";
import { postgresReadError, postgresTableSource } from "./read-postgres-reference.ts";

/**
 * Reads every row of an existing PostgreSQL table back as Arrow batches (validations), through
 * a server-side cursor in a read-only transaction: `batchRows` rows in memory at a time.
 */
export async function readPostgresRows(
  o: PostgresOptions,
  step: ResolvedStep,
  request: ReadBackRequest,
): Promise<ReadBack> {
  const client = await connectPostgres(o);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await client.query("ROLLBACK").catch(() => {});
    await client.end().catch(() => {});
  };
  const unreadable = (e: unknown) => postgresReadError(o, step, e);
  try {
    return await readSqlRows(request, {
      ...postgresTableSource(client, o, step),
      async *pages(select, batchRows) {
        try {
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
