/** rowforge's Spark SQL function library: the table the compiler calls into, and its families for the docs. */
export { listSqlFunctionNames, SQL_FUNCTION_FAMILIES, SQL_FUNCTIONS } from "./sql-functions.ts";
