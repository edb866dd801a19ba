import { type ConnectionGroup, OTHER_CONNECTION_GROUP } from "./connection.ts";

/**
 * The format and connection names the connector registry knows, as plain data: the app layer
 * builds it from the registry (connectors/registry.ts) and hands it to config, which sits below
 * the connectors and never imports them, for resolving steps' formats.
 */
export interface OutputKinds {
  /** The formats and connection types rowforge writes, still to come or refuses (lower case). */
  readonly names: readonly string[];
  /** Other names users write for one of them (lower case → name): `postgresql`, `mariadb`, Spark's Cassandra class. */
  readonly aliases: Readonly<Record<string, string>>;
  /** A `jdbc` connection is the kind of the first word its url or driver holds (lower case), in this order. */
  readonly jdbcWords: readonly (readonly [word: string, kind: string])[];
  /**
   * The group of every connection type a configuration may name (as written: `openApi`): the
   * connectors' formats and aliases, the metadata kinds, the alert kinds. These are the
   * connection blocks a configuration file may hold.
   */
  readonly groups: Readonly<Record<string, ConnectionGroup>>;
  /** The formats whose steps write database tables, which rowforge can read (their fields, a whole connection's tables). */
  readonly tables: readonly string[];
}

/** The group of a connection type (`database`), or `dataSource` for one no registry names. */
export const connectionGroupOf = (kinds: OutputKinds, type: string): string =>
  kinds.groups[type] ?? OTHER_CONNECTION_GROUP;
