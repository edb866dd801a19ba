/** The function table: every family's entries by lower-case name. */
import { RowforgeError } from "../../../errors/index.ts";
import type { SqlFunction } from "../sql-contract.ts";
import { ARRAY_FUNCTIONS } from "./array-functions.ts";
import { ARRAY_RESHAPE_FUNCTIONS } from "./array-reshape-functions.ts";
import { CONDITIONAL_FUNCTIONS } from "./conditional-functions.ts";
import { DATETIME_CONVERT_FUNCTIONS } from "./datetime-convert-functions.ts";
import { DATETIME_FUNCTIONS } from "./datetime-functions.ts";
import { ENCODING_FUNCTIONS } from "./encoding-functions.ts";
import { FORMAT_FUNCTIONS } from "./format-functions.ts";
import { HASH_FUNCTIONS } from "./hash-functions.ts";
import { HIGHER_ORDER_FUNCTIONS } from "./higher-order-functions.ts";
import { JSON_FUNCTIONS } from "./json-functions.ts";
import { MAP_STRUCT_FUNCTIONS } from "./map-struct-functions.ts";
import { MATH_ARITH_FUNCTIONS } from "./math-arith-functions.ts";
import { MATH_FUNCTIONS } from "./math-functions.ts";
import { MISC_FUNCTIONS } from "./misc-functions.ts";
import { REGEX_FUNCTIONS } from "./regex-functions.ts";
import { STRING_FUNCTIONS } from "./string-functions.ts";
import { STRING_SLICE_FUNCTIONS } from "./string-slice-functions.ts";

/** The families of functions, with the title the reference page gives each. */
export const SQL_FUNCTION_FAMILIES: readonly {
  readonly title: string;
  readonly functions: readonly SqlFunction[];
}[] = [
  { title: "Strings", functions: STRING_FUNCTIONS },
  { title: "Substrings and padding", functions: STRING_SLICE_FUNCTIONS },
  { title: "Regular expressions", functions: REGEX_FUNCTIONS },
  { title: "Formatting", functions: FORMAT_FUNCTIONS },
  { title: "Encodings", functions: ENCODING_FUNCTIONS },
  { title: "Math", functions: MATH_FUNCTIONS },
  { title: "Arithmetic", functions: MATH_ARITH_FUNCTIONS },
  { title: "Dates and times", functions: DATETIME_FUNCTIONS },
  { title: "Date and time conversion", functions: DATETIME_CONVERT_FUNCTIONS },
  { title: "Arrays", functions: ARRAY_FUNCTIONS },
  { title: "Array reshaping", functions: ARRAY_RESHAPE_FUNCTIONS },
  { title: "Higher-order functions", functions: HIGHER_ORDER_FUNCTIONS },
  { title: "Maps and structs", functions: MAP_STRUCT_FUNCTIONS },
  { title: "JSON", functions: JSON_FUNCTIONS },
  { title: "Hashes", functions: HASH_FUNCTIONS },
  { title: "Conditionals", functions: CONDITIONAL_FUNCTIONS },
  { title: "Other", functions: MISC_FUNCTIONS },
];

function buildTable(): ReadonlyMap<string, SqlFunction> {
  const table = new Map<string, SqlFunction>();
  for (const family of SQL_FUNCTION_FAMILIES) {
    for (const f of family.functions) {
      if (f.name !== f.name.toLowerCase()) {
        throw new RowforgeError("RF_INTERNAL", `SQL function name "${f.name}" must be lower-case`);
      }
      if (table.has(f.name))
        throw new RowforgeError("RF_INTERNAL", `SQL function "${f.name}" is defined twice`);
      table.set(f.name, f);
    }
  }
  return table;
}

/** Every SQL function rowforge supports, by lower-case name (aliases included). */
export const SQL_FUNCTIONS: ReadonlyMap<string, SqlFunction> = buildTable();

/** All function names, sorted, for "did you mean" suggestions and documentation. */
export function listSqlFunctionNames(): string[] {
  return [...SQL_FUNCTIONS.keys()].sort();
}
