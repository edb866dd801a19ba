import { RowforgeError } from "../../errors/index.ts";
import type { FakerEntry } from "./faker-entry.ts";
import { counted, oneOfArgs, upTo } from "./faker-size.ts";
import { javaDouble } from "./java-text.ts";
import { fromList } from "./list-entries.ts";
import { constant, digitBetween, digitRun, pickFrom } from "./locale-draw.ts";
import { between, digits, intArg, isIntText, numArg, pick } from "./table-support.ts";
import * as w from "./word-lists.ts";

/** The expression table's numbers and choices: Number, Bool, Options and Coin. */

/** Number.randomNumber's digit count, 1-18. */
function digitCountArg(a: readonly string[]): number {
  const n = intArg(a, 0);
  if (n < 1 || n > 18) throw new RowforgeError("RF_VALUE_INVALID", `numberOfDigits must be 1..18, got ${n}`);
  return n;
}

/** Java's `Integer.MIN_VALUE` .. `MAX_VALUE` bounds for int-typed methods. */
const INT_MAX = 2_147_483_647;

export const NUMBER_METHODS: Readonly<Record<string, FakerEntry>> = {
  "Number.randomDigit": { faker: (f) => String(f.number.int(9)), compiled: () => digitBetween(0, 9) },
  "Number.randomDigitNotZero": { faker: (f) => String(between(f, 1, 9)), compiled: () => digitBetween(1, 9) },
  "Number.positive": {
    faker: (f) => String(between(f, 1, INT_MAX - 1)),
    compiled: () => (rnd) => String(1 + rnd.int(INT_MAX - 1)),
  },
  "Number.negative": {
    faker: (f) => String(between(f, -INT_MAX - 1, -1)),
    compiled: () => (rnd) => String(-1 - rnd.int(INT_MAX + 1)),
  },
  "Number.numberBetween": {
    arity: [2],
    usage: "'min','max' (max exclusive for whole numbers)",
    size: upTo(32),
    doc: "whole numbers give an integer in [min, max); decimals give a double",
    faker: (f, a) => {
      if (isIntText(a[0]) && isIntText(a[1])) {
        const lo = Math.min(intArg(a, 0), intArg(a, 1));
        const hi = Math.max(intArg(a, 0), intArg(a, 1));
        return String(lo === hi ? lo : lo + f.number.int(hi - lo - 1));
      }
      const lo = numArg(a, 0);
      const hi = numArg(a, 1);
      return javaDouble(lo + f.number.float() * (hi - lo));
    },
    compiled: (_k, a) => {
      if (isIntText(a[0]) && isIntText(a[1])) {
        const lo = Math.min(intArg(a, 0), intArg(a, 1));
        const span = Math.max(intArg(a, 0), intArg(a, 1)) - lo;
        return span === 0 ? constant(String(lo)) : (rnd) => String(lo + rnd.int(span));
      }
      const lo = numArg(a, 0);
      const hi = numArg(a, 1);
      return (rnd) => javaDouble(lo + rnd.float() * (hi - lo));
    },
  },
  "Number.randomNumber": {
    arity: [0, 1, 2],
    usage: "'numberOfDigits'",
    size: upTo(20),
    doc: "any 64-bit integer, or one with exactly the given number of digits",
    faker: (f, a) => {
      if (a.length === 0) return f.number.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).toString();
      const lo = 10n ** BigInt(digitCountArg(a) - 1);
      return f.number.bigInt({ min: lo, max: lo * 10n - 1n }).toString();
    },
    // Any 64-bit integer from two 32-bit draws; n digits as a first digit 1-9 and n - 1 digits.
    compiled: (_k, a) =>
      a.length === 0
        ? (rnd) => BigInt.asIntN(64, (BigInt(rnd.u32()) << 32n) | BigInt(rnd.u32())).toString()
        : digitRun(digitCountArg(a), false),
  },
  "Number.randomDouble": {
    arity: [3],
    usage: "'maxNumberOfDecimals','min','max'",
    size: upTo(32),
    faker: (f, a) => {
      const dec = intArg(a, 0);
      const lo = intArg(a, 1);
      const hi = intArg(a, 2);
      return javaDouble(Number((lo + f.number.float() * (hi - lo)).toFixed(dec)));
    },
    compiled: (_k, a) => {
      const dec = intArg(a, 0);
      const lo = intArg(a, 1);
      const hi = intArg(a, 2);
      return (rnd) => javaDouble(Number((lo + rnd.float() * (hi - lo)).toFixed(dec)));
    },
  },
  "Number.digits": {
    arity: [1],
    usage: "'count'",
    size: counted(0, 0, 1),
    faker: (f, a) => digits(f, intArg(a, 0)),
    compiled: (_k, a) => digitRun(intArg(a, 0)),
  },
  "Number.digit": { faker: (f) => digits(f, 1), compiled: () => digitRun(1) },
  "Bool.bool": {
    faker: (f) => String(f.datatype.boolean()),
    compiled: () => pickFrom(["true", "false"]),
    doc: "true or false",
  },
  "Options.option": {
    arity: [1],
    variadic: true,
    usage: "'a','b','c'",
    size: oneOfArgs,
    doc: "one of the arguments",
    faker: (f, a) => pick(f, a),
    compiled: (_k, a) => pickFrom(a),
  },
  "Coin.flip": fromList(w.MISC.coin),
};
