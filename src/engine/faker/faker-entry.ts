import type { Faker } from "@faker-js/faker";
import type { FakerSize } from "./faker-size.ts";
import type { Draw } from "./locale-draw.ts";
import type { LocaleKernels } from "./locale-kernels.ts";

interface EntryBase {
  /** Produces one value; `args` are the single-quoted arguments as the user wrote them. */
  readonly faker: (f: Faker, args: readonly string[]) => string;
  /** What the value looks like. */
  readonly doc?: string;
  /**
   * The compiled path: the same kind of value drawn straight from the locale's data (or
   * rowforge's word lists) with the row's counter RNG, no Faker per row. Made once per
   * expression; undefined (or no `compiled`) keeps the `faker` path. Arguments are checked
   * as `faker` checks them. `refDate` is the expression's "now" (epoch ms), which date
   * methods count from as the `faker` path's `f.defaultRefDate()` does.
   */
  readonly compiled?: (k: LocaleKernels, args: readonly string[], refDate: number) => Draw | undefined;
}

/** A method without arguments: its values are at most FIXED_CALL_LENGTH characters long. */
interface PlainEntry extends EntryBase {
  readonly arity?: undefined;
  readonly variadic?: undefined;
  readonly usage?: undefined;
  readonly size?: undefined;
}

/** A method with arguments: it declares how long its value can be, given them. */
interface ArgumentEntry extends EntryBase {
  /** The accepted argument counts. */
  readonly arity: readonly number[];
  /** When true, any count from `arity[0]` up is accepted. */
  readonly variadic?: boolean;
  /** How the arguments are written, for messages and docs: `'min','max'`. */
  readonly usage: string;
  /** The longest value given the arguments: the generation budget checks it before any value is made. */
  readonly size: FakerSize;
}

/**
 * One method of the expression table. `faker` draws only through `f` (whose randomizer is
 * backed by the row's RowRandom) and reads "now" only from `f.defaultRefDate()`, so a value
 * depends on nothing but (stream key, row, locale, run date).
 */
export type FakerEntry = PlainEntry | ArgumentEntry;
