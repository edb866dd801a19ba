import { RowforgeError } from "../../errors/index.ts";

const UNSUPPORTED_HINT =
  "rewrite the pattern without it; the generator supports literals, escapes, character classes, " +
  "`.`, groups, alternation, quantifiers, backreferences, and ^, $ and \\b at the ends of the pattern";

const INVALID_HINT = "fix the regular expression; rowforge reads Java regular-expression syntax";

/** A construct the parser accepts but the generator cannot honour. */
export function unsupportedConstruct(
  pattern: string,
  construct: string,
  position: number,
  why = "is not supported by the generator",
  hint = UNSUPPORTED_HINT,
): RowforgeError {
  return new RowforgeError(
    "RF_REGEX_INVALID",
    `regex "${pattern}": ${construct} at position ${position} ${why}`,
    {
      hint,
    },
  );
}

/** A pattern that is not a valid regular expression. */
export function invalidRegex(
  pattern: string,
  reason: string,
  position: number,
  hint = INVALID_HINT,
): RowforgeError {
  return new RowforgeError(
    "RF_REGEX_INVALID",
    `regex "${pattern}": invalid regular expression at position ${position}: ${reason}`,
    { hint },
  );
}
