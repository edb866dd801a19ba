import { sqlTableOptions } from "../table/sql-option-schema.ts";

/** The options of a MySQL/MariaDB step: the SQL table options (a MySQL schema is a database). */
export const MYSQL_OPTIONS = sqlTableOptions({
  product: "MySQL/MariaDB",
  url: "jdbc:mysql://localhost:3306/shop",
  qualifier: "database",
});
