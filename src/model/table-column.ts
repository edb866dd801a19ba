import Type, { type Static } from "typebox";
import type { Immutable } from "./immutable.ts";

/**
 * A column of a database table as the plan editor offers it for a step's fields (GET
 * /connection/{name}/tables/{table}): one definition for the application that reads it and the
 * HTTP contract that answers it.
 */
export const TableColumn = Type.Object({
  name: Type.String(),
  type: Type.Optional(
    Type.String({
      description: "the field type it is generated as; absent for a column rowforge leaves to the database",
    }),
  ),
  dbType: Type.String({ description: "the type as the database names it" }),
  nullable: Type.Boolean(),
  primaryKey: Type.Boolean(),
  omitted: Type.Optional(
    Type.String({
      description:
        "why the database fills it, not rowforge (computed, identity, a type rowforge cannot generate)",
    }),
  ),
});
export type TableColumn = Immutable<Static<typeof TableColumn>>;
