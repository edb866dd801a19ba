import Type from "typebox";

const text = (description: string, examples?: readonly string[]) =>
  Type.Optional(Type.String({ description, ...(examples ? { examples: [...examples] } : {}) }));

/**
 * The options of a Cassandra step (its connection's merged in): Data Caterer's names, with the
 * Spark Cassandra connector's long names (`spark.cassandra.connection.host`, ...) read as well.
 */
export const CASSANDRA_OPTIONS = Type.Object(
  {
    host: Type.String({
      description: "contact points, h1,h2 (or spark.cassandra.connection.host)",
      examples: ["localhost"],
    }),
    port: text("the native protocol port (default 9042)", ["9042"]),
    localDC: text("the data center the driver routes to (default: every node)"),
    user: text("who logs in (or username, spark.cassandra.auth.username)"),
    password: text("the login's password; never shown in messages, logs or reports"),
    keyspace: text("the table's keyspace", ["shop"]),
    table: text("the table (or keyspace.table)", ["accounts"]),
    saveMode: text(
      "append (default), overwrite (truncates first), errorIfExists or ignore (refuse or skip a table holding rows)",
      ["append"],
    ),
    createTable: text(
      "true: a missing table (and keyspace) is created from the step's fields (default false)",
      ["true"],
    ),
    batchsize: text(
      "rows per statement: 1 (default) is one INSERT a row, more an UNLOGGED BATCH, up to 1000",
    ),
    concurrency: text("statements in flight at once, 1 to 2048 (default 64)"),
    connectTimeout: text("seconds to wait for a connection, 1 to 600 (default 10)", ["10"]),
  },
  { additionalProperties: true },
);
