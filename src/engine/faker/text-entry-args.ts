import { countArg, type FakerSize } from "./faker-size.ts";
import { boolArg, intArg, intArgOr, isIntText } from "./table-support.ts";

/** The argument forms of the expression table's random-text methods (passwords, texts, characters). */

/** The arguments of randomText: min, max, upper case, symbols, digits. */
type TextArgs = [min: number, max: number, upper: boolean, special: boolean, digit: boolean];

/** Internet.password's forms: ('includeDigit') or ('min','max'[,'upper'[,'special'[,'digit']]]). */
export const passwordArgs = (a: readonly string[]): TextArgs =>
  a.length === 1
    ? [8, 16, false, false, boolArg(a, 0)]
    : [intArgOr(a, 0, 8), intArgOr(a, 1, 16), boolArg(a, 2), boolArg(a, 3), boolArg(a, 4, true)];

/** Text.text's forms: (), ('includeDigit'), ('length'), ('min','max'[,'upper'[,'special'[,'digit']]]). */
export function textArgs(a: readonly string[]): TextArgs {
  if (a.length === 0) return [20, 80, false, false, false];
  if (a.length === 1 && !isIntText(a[0])) return [20, 80, false, false, boolArg(a, 0)];
  const min = intArg(a, 0);
  return [min, a.length === 1 ? min : intArg(a, 1), boolArg(a, 2), boolArg(a, 3), boolArg(a, 4)];
}

/** Lorem.characters' forms: (), (upper), (n), (min,max), (n,upper), (min,max,upper), (n,upper,digit), (min,max,upper,digit). */
export function charactersArgs(a: readonly string[]): TextArgs {
  if (a.length === 0) return [255, 255, false, false, true];
  if (!isIntText(a[0])) return [255, 255, boolArg(a, 0), false, true];
  const ranged = isIntText(a[1]);
  const min = intArg(a, 0);
  const rest = ranged ? 2 : 1;
  return [min, ranged ? intArg(a, 1) : min, boolArg(a, rest), false, boolArg(a, rest + 1, true)];
}

/** The longest value of Lorem.characters in each of its overloads (see charactersFrom). */
export const charactersSize: FakerSize = (a) =>
  isIntText(a[0]) ? Math.max(countArg(a, 0, 0), isIntText(a[1]) ? countArg(a, 1, 0) : 0) : 255;
