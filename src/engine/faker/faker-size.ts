/**
 * How long a faker call's value can be, from its arguments as written: every method that takes
 * arguments declares its rule in its row (FakerEntry.size, Builtin.size), so the generation
 * budget can refuse `#{Lorem.characters '100000000'}` before a single character is made. A
 * rule is an upper bound, never an exact length; methods without arguments make values of at
 * most FIXED_CALL_LENGTH characters (the table's tests check both).
 */

/** The most characters (UTF-16 code units) one value of a call can have, given its arguments. */
export type FakerSize = (args: readonly string[]) => number;

/** The longest value of a method that takes no arguments (names, cities, codes, short sentences). */
export const FIXED_CALL_LENGTH = 256;

/** The longest word of the lorem word lists of every locale is 30 characters. */
const LOREM_WORD = 32;

/** Argument `i` as a whole number when it is written as one (below 0 counts as 0), else `dflt`. */
export function countArg(args: readonly string[], i: number, dflt: number): number {
  const s = args[i];
  if (s === undefined || !/^\s*[+-]?\d+\s*$/.test(s)) return dflt;
  return Math.max(0, Number(s));
}

/** A value of at most `n` characters whatever the arguments (they pick among fixed choices). */
export const upTo =
  (n: number): FakerSize =>
  () =>
    n;

/** The arguments appear in the value, with at most `extra` characters around them. */
export const withArgs =
  (extra: number): FakerSize =>
  (args) =>
    args.reduce((n, a) => n + a.length, extra);

/** One of the arguments. */
export const oneOfArgs: FakerSize = (args) => args.reduce((n, a) => Math.max(n, a.length), 0);

/** A count at argument `i` (default `dflt`) of items of at most `each` characters, plus `extra`. */
export const counted =
  (i: number, dflt: number, each: number, extra = 0): FakerSize =>
  (args) =>
    countArg(args, i, dflt) * each + extra;

/**
 * A date, or the date pattern at one of `patternAt` (the first that is present) formatted: one
 * pattern letter makes at most 6 characters (a year), quoted text makes itself.
 */
export const datePattern =
  (...patternAt: readonly number[]): FakerSize =>
  (args) => {
    const i = patternAt.find((p) => args[p] !== undefined);
    return 32 + (i === undefined ? 0 : 6 * (args[i] ?? "").length);
  };

/** A sentence of `words` lorem words (with `extra` more at most): spaces, a capital and a full stop. */
export const sentenceLength = (words: number, extra: number): number =>
  Math.max(1, words + Math.max(0, extra)) * (LOREM_WORD + 1) + 2;

/** A paragraph of `sentences` (and up to 2 more) default sentences, joined by spaces. */
export const paragraphLength = (sentences: number): number =>
  Math.max(0, sentences + 2) * (sentenceLength(3, 6) + 1);

/** A list rendered `[a, b, c]` of `count` items of at most `item` characters. */
export const listLength = (count: number, item: number): number => count * (item + 2) + 2;

/** A list of `count` lorem words. */
export const wordListLength = (count: number): number => listLength(count, LOREM_WORD);
