import type { Faker } from "@faker-js/faker";

/**
 * One method of the expression table. `faker` draws only through `f` (whose randomizer is
 * backed by the row's RowRandom) and reads "now" only from `f.defaultRefDate()`, so a value
 * depends on nothing but (stream key, row, locale, run date).
 */
export interface FakerEntry {
  /** Produces one value; `args` are the single-quoted arguments as the user wrote them. */
  readonly faker: (f: Faker, args: readonly string[]) => string;
  /** The accepted argument counts; `[0]` when left out. */
  readonly arity?: readonly number[];
  /** When true, any count from `arity[0]` up is accepted. */
  readonly variadic?: boolean;
  /** How the arguments are written, for messages and docs: `'min','max'`. */
  readonly usage?: string;
  /** What the value looks like. */
  readonly doc?: string;
}
