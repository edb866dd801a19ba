import { sqlTableOptions } from "../table/sql-option-schema.ts";

/** The options of a PostgreSQL step: the SQL table options (unqualified tables are in the URL's currentSchema, else public). */
export const POSTGRES_OPTIONS = sqlTableOptions({
  product: "PostgreSQL",
  url: "jdbc:postgresql://localhost:5432/shop?currentSchema=public",
  qualifier: "schema",
});
