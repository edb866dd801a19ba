/**
 * Builders for the compiler's tests: a scope over named fields (types written as DDL strings),
 * a row context, and one-call compile-and-evaluate helpers.
 */

import { RowRandom } from "../../../src/engine/rng/index.ts";
import type {
  CompiledSql,
  SqlFunction,
  SqlRowContext,
  SqlRunInputs,
  SqlScope,
  SqlValue,
} from "../../../src/engine/sql/index.ts";
import { compileSqlAstWith, parseSql } from "../../../src/engine/sql/sql-compiler.ts";
import { RowforgeError } from "../../../src/errors/index.ts";
import type { DataType } from "../../../src/model/data-type.ts";
import { parseDataType } from "../../../src/model/parse-data-type.ts";

/** 2024-03-15T10:30:45Z */
export const TEST_INPUTS: SqlRunInputs = {
  nowMicros: Date.UTC(2024, 2, 15, 10, 30, 45) * 1000,
  timeZone: "UTC",
};

export function ddl(type: string): DataType {
  const parsed = parseDataType(type);
  if (!parsed.ok) throw new RowforgeError("RF_INTERNAL", `bad test type ${type}: ${parsed.message}`);
  return parsed.type;
}

export interface TestScope extends SqlScope {
  /** A row context holding `values` by field name (fields not given are NULL). */
  row(values?: Readonly<Record<string, SqlValue>>, rowIndex?: number): SqlRowContext;
}

/** A case-insensitive scope over `fields` (name → DDL type), slots in declaration order. */
export function testScope(fields: Readonly<Record<string, string | DataType>>): TestScope {
  const names = Object.keys(fields);
  const bySlot = names.map((n) => {
    const t = fields[n]!;
    return { name: n, type: typeof t === "string" ? ddl(t) : t };
  });
  return {
    resolve(name) {
      const slot = bySlot.findIndex((f) => f.name.toLowerCase() === name.toLowerCase());
      return slot < 0 ? undefined : { slot, type: bySlot[slot]!.type };
    },
    names: () => names,
    row(values = {}, rowIndex = 0) {
      const lower = new Map(Object.entries(values).map(([k, v]) => [k.toLowerCase(), v]));
      return {
        values: bySlot.map((f) => lower.get(f.name.toLowerCase()) ?? null),
        row: rowIndex,
        rnd: new RowRandom(99).at(rowIndex),
        built: 0,
      };
    },
  };
}

export const NO_FUNCTIONS: ReadonlyMap<string, SqlFunction> = new Map();

export function compileWith(
  text: string,
  scope: SqlScope,
  functions: ReadonlyMap<string, SqlFunction> = NO_FUNCTIONS,
): CompiledSql {
  return compileSqlAstWith(parseSql(text), text, scope, TEST_INPUTS, functions);
}

/** Struct values as the engine gives them: null-prototype objects. */
export function struct(fields: Readonly<Record<string, SqlValue>>): SqlValue {
  return Object.assign(Object.create(null) as Record<string, SqlValue>, fields);
}
