/**
 * Bounds: the most bytes a value takes with all it holds (see values/value-budget.ts). Functions
 * whose value is not bounded by their growth class alone (see compile-call.ts) give their own.
 */
import type { SqlArg } from "../sql-contract.ts";
import { widthBound } from "../values/value-bounds.ts";

export { checkValueSize, valueLimits } from "../values/value-budget.ts";

/** The bound of argument `i` (unknown: Infinity). */
export const argBound = (args: readonly SqlArg[], i: number): number => {
  const a = args[i];
  return a === undefined ? 0 : (a.bound ?? widthBound(a.type));
};

/** The bounds of the arguments from `from` on (lambdas aside) together, `factor` times, plus `extra` bytes. */
export function argsBound(args: readonly SqlArg[], factor = 1, extra = 0, from = 0): number {
  let sum = 0;
  for (let i = from; i < args.length; i++) if (!args[i]!.lambda) sum += argBound(args, i);
  return factor * sum + extra;
}

/** The bound of a result at most `factor` times its arguments together (a strictFunction's `bound`). */
export const timesArgs =
  (factor: number) =>
  (args: readonly SqlArg[]): number =>
    argsBound(args, factor);

/** The bound of a collection built of the arguments (an array, a map, a struct): a slot for each, and each. */
export const collectionBound = (args: readonly SqlArg[]): number => argsBound(args, 1, 16 + 8 * args.length);

/**
 * The bound of the parts of the string at argument 0 as an array (split, every match, a map of
 * pairs): one part per character and one more, each an element slot, a string and its
 * characters: 13 times the string.
 */
export const partsBound = (args: readonly SqlArg[]): number => 13 * argBound(args, 0) + 64;
