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

const FAMILIES: readonly (readonly SqlFunction[])[] = [
  STRING_FUNCTIONS,
  STRING_SLICE_FUNCTIONS,
  REGEX_FUNCTIONS,
  FORMAT_FUNCTIONS,
  ENCODING_FUNCTIONS,
  MATH_FUNCTIONS,
  MATH_ARITH_FUNCTIONS,
  DATETIME_FUNCTIONS,
  DATETIME_CONVERT_FUNCTIONS,
  ARRAY_FUNCTIONS,
  ARRAY_RESHAPE_FUNCTIONS,
  HIGHER_ORDER_FUNCTIONS,
  MAP_STRUCT_FUNCTIONS,
  JSON_FUNCTIONS,
  HASH_FUNCTIONS,
  CONDITIONAL_FUNCTIONS,
  MISC_FUNCTIONS,
];

function buildTable(): ReadonlyMap<string, SqlFunction> {
  const table = new Map<string, SqlFunction>();
  for (const family of FAMILIES) {
    for (const f of family) {
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
