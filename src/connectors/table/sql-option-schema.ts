import type { TObject, TProperties } from "typebox";
import { optionObject, requiredOption, textOption } from "../option-schema.ts";

/** What differs in how a SQL database's options read: its product, URL example and what `dbtable`'s first part names. */
export interface SqlOptionFacts {
  readonly product: string;
  /** `jdbc:postgresql://host:5432/database`. */
  readonly url: string;
  /** `schema` or `database`. */
  readonly qualifier: string;
}

/**
 * The options users write for a SQL table step (its connection's merged in), as a TypeBox
 * schema with what each means: every value is text, as YAML and the connection store give it;
 * the dialect's readOptions parses and checks them. `extra`: the dialect's own keys.
 */
export function sqlTableOptions(f: SqlOptionFacts, extra: TProperties = {}): TObject {
  return optionObject({
    url: requiredOption(
      `the ${f.product} server as a JDBC URL (or the driver's own scheme); user and password may be URL parameters`,
      { examples: [f.url], starter: true },
    ),
    user: textOption("who logs in (else the URL's user parameter or user info)", { starter: true }),
    password: textOption("the login's password; never shown in messages, logs or reports", { starter: true }),
    driver: textOption("the JDBC driver class; read and ignored"),
    connectTimeout: textOption("seconds to wait for a connection, 1 to 600 (default 10)", {
      examples: ["10"],
    }),
    dbtable: textOption(`the table: ${f.qualifier}.table or table`, {
      examples: [`${f.qualifier === "schema" ? "public" : "shop"}.accounts`],
      target: true,
    }),
    schema: textOption(`with table: the table's ${f.qualifier} (instead of dbtable)`),
    table: textOption("with schema: the table's name (instead of dbtable)"),
    saveMode: textOption(
      "append (default), overwrite (empties the table first), errorIfExists or ignore (refuse or skip a table holding rows)",
      { examples: ["append"] },
    ),
    createTable: textOption("true: a missing table is created from the step's fields (default false)", {
      examples: ["true"],
    }),
    ...extra,
  });
}
