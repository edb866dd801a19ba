import type { Faker } from "@faker-js/faker";
import type { FakerEntry } from "./faker-entry.ts";
import { joinWith, pickFrom } from "./locale-draw.ts";
import { pick } from "./table-support.ts";
import * as w from "./word-lists.ts";

/**
 * Entries of the expression table whose values are picks from a list: rowforge's word lists,
 * a faker-js locale list, a column of a table of rows or of a locale list of records.
 */

/** A method whose value is one of a word list's. */
export const fromList = (list: readonly string[]): FakerEntry => ({
  faker: (f) => pick(f, list),
  compiled: () => pickFrom(list),
});

/** A method whose value is a faker-js locale list (`location.state`), drawn from the list when compiled. */
export const localeList = (path: string, faker: (f: Faker) => string, doc?: string): FakerEntry => ({
  faker,
  compiled: (k) => k.list(path),
  ...(doc === undefined ? {} : { doc }),
});

/** One column of a table of rowforge's (`[name, code]` rows), `map` applied to it: a row picked, its column given. */
export const columnOf = (
  rows: readonly (readonly string[])[],
  column: number,
  map: (s: string) => string = (s) => s,
): FakerEntry => ({
  faker: (f) => map(pick(f, rows)[column] ?? ""),
  compiled: () => pickFrom(rows.map((r) => map(r[column] ?? ""))),
});

/** One column of the country table. */
export const countryColumn = (column: number): FakerEntry => columnOf(w.COUNTRIES, column);

/** A field of a faker-js locale list of records (`finance.currency`'s `code`). */
export const localeColumn = (
  path: string,
  key: string,
  faker: (f: Faker) => string,
  nonEmpty = false,
): FakerEntry => ({
  faker,
  compiled: (k) => k.column(path, key, nonEmpty),
});

/** One word of each list joined by `separator` (`key` + `quality`, `brand style`). */
export const joinedLists = (separator: string, ...lists: readonly (readonly string[])[]): FakerEntry => ({
  faker: (f) => lists.map((l) => pick(f, l)).join(separator),
  compiled: () => joinWith(separator, lists.map(pickFrom)),
});
