import Type, { type Static } from "typebox";
import type { Immutable } from "./immutable.ts";
import { StringMap } from "./scalars.ts";

export const CONNECTION_SOURCES = ["config", "api", "plan"] as const;

/** A named data-source connection. `type` is the format (json, postgres, kafka, ...). */
export const Connection = Type.Object({
  name: Type.String({ minLength: 1 }),
  type: Type.String({ minLength: 1 }),
  groupType: Type.String(),
  options: StringMap,
  /** Where it came from: the application configuration, the API store, or a unified plan file. */
  source: Type.Optional(Type.Enum(CONNECTION_SOURCES)),
});
export type Connection = Immutable<Static<typeof Connection>>;
export type ConnectionSource = (typeof CONNECTION_SOURCES)[number];

/**
 * The groups connection types fall into, in the order the UI lists them. Which type is in which
 * group is each connector's (or metadata kind's) own fact, handed to config in OutputKinds.
 */
export const CONNECTION_GROUP_NAMES = ["file", "database", "messaging", "http", "metadata", "alert"] as const;
export type ConnectionGroup = (typeof CONNECTION_GROUP_NAMES)[number];
/** The group of a connection type no registry names. */
export const OTHER_CONNECTION_GROUP = "dataSource";
