import type { Connector } from "./connector.ts";

/**
 * What the registry knows of a connector without loading it: the names it serves, the group of
 * its connection types, and whether it reads a database's tables. Each connector's folder holds
 * its kind (`postgres/postgres-kind.ts`), which the connector spreads; its module (and the client
 * package behind it) loads only when a plan, a connection or a check needs it.
 */
export interface ConnectorKind
  extends Pick<Connector, "name" | "formats" | "aliases" | "jdbcWords" | "group"> {
  /** It reads a database's tables: its connector has describe and listTables. */
  readonly readsTables?: true;
}
