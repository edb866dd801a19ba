/** rowforge's Spark SQL function library. */
export {
  civilFromDays,
  daysFromCivil,
  formatDate,
  formatTimestamp,
  parseDateString,
  parseTimestampString,
} from "../../../util/calendar.ts";
export { listSqlFunctionNames, SQL_FUNCTIONS } from "./sql-functions.ts";
