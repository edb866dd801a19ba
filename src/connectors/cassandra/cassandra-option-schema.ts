import { optionObject, requiredOption, textOption } from "../option-schema.ts";

/**
 * The options of a Cassandra step (its connection's merged in): Data Caterer's names, with the
 * Spark Cassandra connector's long names (`spark.cassandra.connection.host`, ...) read as well.
 */
export const CASSANDRA_OPTIONS = optionObject({
  host: requiredOption("contact points, h1,h2 (or spark.cassandra.connection.host)", {
    examples: ["localhost"],
    starter: true,
  }),
  port: textOption("the native protocol port (default 9042)", { examples: ["9042"] }),
  localDC: textOption("the data center the driver routes to (default: every node)"),
  user: textOption("who logs in (or username, spark.cassandra.auth.username)", { starter: true }),
  password: textOption("the login's password; never shown in messages, logs or reports", { starter: true }),
  keyspace: textOption("the table's keyspace", { examples: ["shop"], starter: true, target: true }),
  table: textOption("the table (or keyspace.table)", { examples: ["accounts"], target: true }),
  saveMode: textOption(
    "append (default), overwrite (truncates first), errorIfExists or ignore (refuse or skip a table holding rows)",
    { examples: ["append"] },
  ),
  createTable: textOption(
    "true: a missing table (and keyspace) is created from the step's fields (default false)",
    {
      examples: ["true"],
    },
  ),
  batchsize: textOption(
    "rows per statement: 1 (default) is one INSERT a row, more an UNLOGGED BATCH, up to 1000",
  ),
  concurrency: textOption("statements in flight at once, 1 to 2048 (default 64)"),
  connectTimeout: textOption("seconds to wait for a connection, 1 to 600 (default 10)", { examples: ["10"] }),
});
