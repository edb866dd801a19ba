import Type, { type TObject, type TProperties } from "typebox";

/** What differs in how a SQL database's options read: its product, URL example and what `dbtable`'s first part names. */
export interface SqlOptionFacts {
  readonly product: string;
  /** `jdbc:postgresql://host:5432/database`. */
  readonly url: string;
  /** `schema` or `database`. */
  readonly qualifier: string;
}

const text = (description: string, examples?: readonly string[]) =>
  Type.Optional(Type.String({ description, ...(examples ? { examples: [...examples] } : {}) }));

/**
 * The options users write for a SQL table step (its connection's merged in), as a TypeBox
 * schema with what each means: every value is text, as YAML and the connection store give it;
 * the dialect's readOptions parses and checks them. `extra`: the dialect's own keys.
 */
export function sqlTableOptions(f: SqlOptionFacts, extra: TProperties = {}): TObject {
  return Type.Object(
    {
      url: Type.String({
        description: `the ${f.product} server as a JDBC URL (or the driver's own scheme); user and password may be URL parameters`,
        examples: [f.url],
      }),
      user: text("who logs in (else the URL's user parameter or user info)"),
      password: text("the login's password; never shown in messages, logs or reports"),
      driver: text("the JDBC driver class; read and ignored"),
      connectTimeout: text("seconds to wait for a connection, 1 to 600 (default 10)", ["10"]),
      dbtable: text(`the table: ${f.qualifier}.table or table`, [
        `${f.qualifier === "schema" ? "public" : "shop"}.accounts`,
      ]),
      schema: text(`with table: the table's ${f.qualifier} (instead of dbtable)`),
      table: text("with schema: the table's name (instead of dbtable)"),
      saveMode: text(
        "append (default), overwrite (empties the table first), errorIfExists or ignore (refuse or skip a table holding rows)",
        ["append"],
      ),
      createTable: text("true: a missing table is created from the step's fields (default false)", ["true"]),
      ...extra,
    },
    { additionalProperties: true },
  );
}
