import { freshTableName, pgQuery, postgresFacts, postgresJdbcUrl } from "../support/servers.ts";
import type { ConnectorFixture } from "./connector.suite.ts";

/** Whether a table exists, and its ids as text. */
async function idsOf(dbtable: string): Promise<string[]> {
  const [exists] = await pgQuery<{ t: string | null }>("SELECT to_regclass($1)::text AS t", [dbtable]);
  if (!exists?.t) return [];
  const rows = await pgQuery<{ id: string }>(`SELECT id::text AS id FROM ${dbtable}`);
  return rows.map((r) => r.id);
}

/** PostgreSQL destinations: a fresh table each on the shared server, created by the run (createTable). */
export const postgresConnectorFixture: ConnectorFixture = {
  destination: () => ({
    url: postgresJdbcUrl(),
    user: postgresFacts().user,
    dbtable: freshTableName(),
    createTable: "true",
  }),
  readIds: (_format, options) => idsOf(options.dbtable!),
  contents: (options) => idsOf(options.dbtable!),
};
