import {
  compileSql,
  RowRandom,
  type SqlRowContext,
  type SqlScope,
  type SqlValue,
  sqlReferences,
} from "../../engine/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { ReadField } from "./batch-rows.ts";

/** A Spark SQL boolean over the fields of a row, compiled once by rowforge's own SQL compiler. */
export interface RowPredicate {
  readonly text: string;
  /** The field slots the expression reads: the caller fills only these in `values`. */
  readonly reads: readonly number[];
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
  const scope = fieldScope(fields);
  const compiled = compileSql(text, scope, { nowMicros: inputs.nowMicros, timeZone: "UTC" });
  if (compiled.type.kind !== "boolean") {
    throw new RowforgeError(
      "RF_SQL_INVALID",
      `${what} "${text}" gives a ${compiled.type.kind}, not a boolean`,
      { hint: "write a condition each record must meet, such as amount > 0" },
    );
  }
  const reads = [...new Set(sqlReferences(text).flatMap((r) => scope.resolve(r)?.slot ?? []))];
  const ctx: SqlRowContext = { values: [], row: 0, rnd: new RowRandom(0) };
  return {
    text,
    reads,
    evaluate(values) {
      ctx.values = values;
      return compiled.evaluate(ctx);
    },
  };
}
