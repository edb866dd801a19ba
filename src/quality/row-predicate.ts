import { RowRandom, type SqlRowContext, type SqlScope, type SqlValue } from "../engine/index.ts";
import { compileSql, parseSql, sqlReferences } from "../engine/sql-compiler.ts";
import { RowforgeError } from "../errors/index.ts";
import { type DataType, formatDataType } from "../model/data-type.ts";
import type { ReadField, ReadShape } from "./batch-rows.ts";
import { columnUses, shapeFor } from "./column-shapes.ts";

/** A Spark SQL boolean over the fields of a row, compiled once by rowforge's own SQL compiler. */
export interface RowPredicate {
  readonly text: string;
  /** The field slots the expression reads: the caller fills only these in `values`. */
  readonly reads: readonly number[];
  /** For each read, the shape it needs (undefined: the full value) and a key naming that shape. */
  readonly shapes: readonly { readonly shape: ReadShape | undefined; readonly key: string }[];
  /** true, false or null (NULL: Data Caterer's `where(!(expr))` keeps neither). */
  evaluate(values: SqlValue[]): SqlValue;
}

/** The fixed reference time of validation expressions that use current_date() (validations are not generation). */
export interface PredicateInputs {
  readonly nowMicros: number;
}

/** A scope over fields by name (case-insensitive, like Spark). */
export function fieldScope(fields: readonly ReadField[]): SqlScope {
  const index = new Map(fields.map((f, k) => [f.name.toLowerCase(), k]));
  return {
    resolve: (name) => {
      const slot = index.get(name.toLowerCase());
      return slot === undefined ? undefined : { slot, type: fields[slot]!.type };
    },
    names: () => fields.map((f) => f.name),
  };
}

/** A Spark SQL expression over the fields of a row, with what it reads (see RowPredicate). */
export interface RowValue extends RowPredicate {
  readonly type: DataType;
}

/**
 * Compiles `text` over `fields`. Throws RF_SQL_INVALID (parse, unknown field with "did you
 * mean", types).
 */
export function compileRowValue(
  text: string,
  fields: readonly ReadField[],
  inputs: PredicateInputs,
): RowValue {
  const scope = fieldScope(fields);
  const inputsOf = { nowMicros: inputs.nowMicros, timeZone: "UTC" as const };
  const compiled = compileSql(text, scope, inputsOf);
  const reads = [...new Set(sqlReferences(text).flatMap((r) => scope.resolve(r)?.slot ?? []))];
  // Columns the expression reads only in part (a struct's fields, an array's size) are decoded
  // in that shape; the expression is compiled again over those types to be sure it still reads them.
  const uses = columnUses(parseSql(text));
  const shapes = reads.map((slot) => {
    const shape = shapeFor(fields[slot]!.type, uses?.get(fields[slot]!.name.toLowerCase()));
    return { shape, key: shape === undefined ? "" : shape === "size" ? "size" : formatDataType(shape) };
  });
  let evaluator = compiled.evaluate;
  if (shapes.some((s) => s.shape !== undefined)) {
    const pruned = fields.map((f, k) => {
      const at = reads.indexOf(k);
      const shape = at < 0 ? undefined : shapes[at]!.shape;
      return shape === undefined || shape === "size" ? f : { name: f.name, type: shape };
    });
    try {
      evaluator = compileSql(text, fieldScope(pruned), inputsOf).evaluate;
    } catch {
      for (const s of shapes) {
        s.shape = undefined;
        s.key = "";
      }
    }
  }
  const ctx: SqlRowContext = { values: [], row: 0, rnd: new RowRandom(0), built: 0 };
  return {
    text,
    type: compiled.type,
    reads,
    shapes,
    evaluate(values) {
      ctx.values = values;
      ctx.built = 0;
      return evaluator(ctx);
    },
  };
}

/**
 * Compiles `text` as a boolean over `fields`. Throws RF_SQL_INVALID (parse, unknown field with
 * "did you mean", types) and RF_SQL_INVALID when the result is not a boolean.
 */
export function compilePredicate(
  text: string,
  fields: readonly ReadField[],
  inputs: PredicateInputs,
  what: string,
): RowPredicate {
  const compiled = compileRowValue(text, fields, inputs);
  if (compiled.type.kind !== "boolean") {
    throw new RowforgeError(
      "RF_SQL_INVALID",
      `${what} "${text}" gives a ${compiled.type.kind}, not a boolean`,
      { hint: "write a condition each record must meet, such as amount > 0" },
    );
  }
  return compiled;
}
