import { RowforgeError } from "../../errors/index.ts";
import { compileRegex, regexMaxLength } from "../regex/index.ts";
import type { RowRandom } from "../rng/index.ts";
import { type FakerSize, withArgs } from "./faker-size.ts";

/**
 * Calls written without a provider (`#{regexify '[A-Z]{3}'}`, `#{numerify '###-##'}`). They
 * draw straight from the row's RowRandom. Each is prepared once per expression.
 */
export interface Builtin {
  readonly arity: readonly number[];
  readonly variadic?: boolean;
  readonly usage: string;
  readonly doc: string;
  /** The longest value given the arguments: the generation budget checks it before any value is made. */
  readonly size: FakerSize;
  readonly prepare: (args: readonly string[]) => (rnd: RowRandom) => string;
}

const isTrue = (s: string | undefined): boolean => (s ?? "").trim().toLowerCase() === "true";

/** Replaces `#` (digit), `Ø` (digit 1-9) and `?` (letter) as enabled. */
function symbols(
  pattern: string,
  digit: boolean,
  letter: boolean,
  upper: boolean,
): (rnd: RowRandom) => string {
  const chars = [...pattern];
  const base = upper ? 65 : 97;
  return (rnd) => {
    let out = "";
    for (const c of chars) {
      if (digit && c === "#") out += String.fromCharCode(48 + rnd.int(10));
      else if (digit && c === "Ø") out += String.fromCharCode(49 + rnd.int(9));
      else if (letter && c === "?") out += String.fromCharCode(base + rnd.int(26));
      else out += c;
    }
    return out;
  };
}

/** templatify's text with each occurrence of its character replaced by the longest option. */
const templatifySize: FakerSize = ([text = "", ch = "", ...options]) => {
  const longest = options.reduce((n, o) => Math.max(n, o.length), 0);
  const occurrences = ch === "" ? 0 : text.split(ch).length - 1;
  return text.length + occurrences * longest;
};

export const BUILTINS: Readonly<Record<string, Builtin>> = {
  regexify: {
    arity: [1],
    usage: "'regex'",
    doc: "a string matching the regular expression",
    size: (a) => regexMaxLength(a[0] ?? ""),
    prepare: (args) => {
      const gen = compileRegex(args[0] ?? "");
      return (rnd) => gen.generate(rnd);
    },
  },
  numerify: {
    arity: [1],
    usage: "'pattern' (# = digit, Ø = digit 1-9)",
    doc: "the pattern with # replaced by digits",
    size: withArgs(0),
    prepare: (args) => symbols(args[0] ?? "", true, false, false),
  },
  letterify: {
    arity: [1, 2],
    usage: "'pattern'[,'upperCase'] (? = letter)",
    doc: "the pattern with ? replaced by letters",
    size: withArgs(0),
    prepare: (args) => symbols(args[0] ?? "", false, true, isTrue(args[1])),
  },
  bothify: {
    arity: [1, 2],
    usage: "'pattern'[,'upperCase'] (# = digit, ? = letter)",
    doc: "the pattern with # replaced by digits and ? by letters",
    size: withArgs(0),
    prepare: (args) => symbols(args[0] ?? "", true, true, isTrue(args[1])),
  },
  examplify: {
    arity: [1],
    usage: "'example'",
    doc: "a string shaped like the example: letters become random letters of the same case, digits random digits",
    size: withArgs(0),
    prepare: (args) => {
      const chars = [...(args[0] ?? "")];
      return (rnd) => {
        let out = "";
        for (const c of chars) {
          if (c >= "0" && c <= "9") out += String.fromCharCode(48 + rnd.int(10));
          else if (c >= "a" && c <= "z") out += String.fromCharCode(97 + rnd.int(26));
          else if (c >= "A" && c <= "Z") out += String.fromCharCode(65 + rnd.int(26));
          else out += c;
        }
        return out;
      };
    },
  },
  templatify: {
    arity: [3],
    variadic: true,
    usage: "'text','char','option1','option2',...",
    doc: "the text with each occurrence of char replaced by one of the options",
    size: templatifySize,
    prepare: (args) => {
      const [text = "", ch = "", ...options] = args;
      if (ch.length !== 1) {
        throw new RowforgeError(
          "RF_VALUE_INVALID",
          `templatify's second argument must be one character, got '${ch}'`,
        );
      }
      const parts = text.split(ch);
      return (rnd) => {
        let out = parts[0] ?? "";
        for (let i = 1; i < parts.length; i++)
          out += (options[rnd.int(options.length)] ?? "") + (parts[i] ?? "");
        return out;
      };
    },
  },
};
