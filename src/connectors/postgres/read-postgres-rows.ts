import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { ReadBack, ReadBackRequest } from "../connector.ts";
import { referenceUnreadable } from "../reference/reference-errors.ts";
import { readSqlRows } from "../reference/sql-read-back.ts";
import { connectError, connectPostgres } from "./postgres-client.ts";
import { type PostgresOptions, qualifiedTable, quoteIdent } from "./postgres-options.ts";
import { outputName } from "./postgres-sink.ts";
import { tableNotFound } from "./postgres-table.ts";
import { asText, kindOf } from "./read-postgres-reference.ts";

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
  const unreadable = (e: unknown) => {
    if (e instanceof RowforgeError) return e;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code))
      return referenceUnreadable(step, outputName(o), (e as Error).message);
    return connectError(o, e);
  };
  try {
    return await readSqlRows(request, {
      source: outputName(o),
      table: qualifiedTable(o),
      quote: quoteIdent,
      async columnTypes() {
        const r = await client.query<{ name: string; type: string }>(
          "SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position",
          [o.schema, o.table],
        );
        return r.rows.length > 0 ? new Map(r.rows.map((row) => [row.name, row.type])) : undefined;
      },
      tableNotFound: () => tableNotFound(client, o, step.step.name),
      kindOf,
      asText,
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
