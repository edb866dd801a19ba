import type Cassandra from "cassandra-driver";
import { RowforgeError } from "../../errors/index.ts";

/**
 * cassandra-driver, loaded when a Cassandra step first connects rather than when rowforge
 * starts: the driver's modules cost about 60 ms of every start (a run writing files never
 * needs them). Code that runs only after a connection (value conversion, statements) reads it
 * with cassandraDriver().
 */
let driver: typeof Cassandra | undefined;

export async function loadCassandraDriver(): Promise<typeof Cassandra> {
  driver ??= (await import("cassandra-driver")).default;
  return driver;
}

/** The driver loadCassandraDriver loaded (every caller runs after a connection was made). */
export function cassandraDriver(): typeof Cassandra {
  if (!driver)
    throw new RowforgeError("RF_INTERNAL", "cassandra-driver is used before a connection loaded it");
  return driver;
}
