import { freshMysqlTable, mariadbFacts, mariadbJdbcUrl, mysqlQuery } from "../support/servers.ts";
import type { ConnectorFixture } from "./connector.suite.ts";

/** Whether a table exists, and its ids as text. */
async function idsOf(dbtable: string): Promise<string[]> {
  const [exists] = await mysqlQuery<{ n: number }>(
    "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?",
    [dbtable],
  );
  if (!exists || Number(exists.n) === 0) return [];
  const rows = await mysqlQuery<{ id: string }>(`SELECT CAST(id AS CHAR) AS id FROM \`${dbtable}\``);
  return rows.map((r) => r.id);
}

/** MySQL/MariaDB destinations: a fresh table each on the shared MariaDB server, created by the run (createTable). */
export const mysqlConnectorFixture: ConnectorFixture = {
  destination: () => ({
    url: mariadbJdbcUrl(),
    user: mariadbFacts().user,
    password: mariadbFacts().password,
    dbtable: freshMysqlTable(),
    createTable: "true",
  }),
  readIds: (_format, options) => idsOf(options.dbtable!),
  contents: (options) => idsOf(options.dbtable!),
};
