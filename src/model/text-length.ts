/** The length of random text without a declared bound: 1 to this many characters. */
export const DEFAULT_TEXT_MAX_LEN = 20;

/**
 * The longest random text generated for a declared maximum length (varchar(n), a document's
 * maxLength), unless its minimum asks for more: widths up to this (varchar(255)) are honoured
 * whole; limits far above it (a TEXT column's 65,535, a schema's 2^31) are limits, not lengths,
 * and values this long are valid and keep rows small.
 */
export const TEXT_MAX_LEN_CEILING = 255;

/**
 * The longest random text for declared bounds `min`..`max` (either may be absent): the declared
 * maximum up to TEXT_MAX_LEN_CEILING (or the minimum, when that is more); undefined without a
 * maximum (the generators' default, DEFAULT_TEXT_MAX_LEN, then applies).
 */
export function textMaxLen(min: number | undefined, max: number | undefined): number | undefined {
  if (max === undefined) return undefined;
  return Math.min(max, Math.max(min ?? 0, TEXT_MAX_LEN_CEILING));
}

/**
 * The average length of random text for `minLen`..`maxLen` read from a document: a range wider
 * than twice the default lengths (1..20) is a limit more than a length, so its values are about
 * as long as default text, above its minimum (the longest length still drawn now and then);
 * undefined (lengths drawn evenly) for a narrower range.
 */
export function textAvgLen(minLen: number, maxLen: number | undefined): number | undefined {
  if (maxLen === undefined || maxLen - minLen <= 2 * DEFAULT_TEXT_MAX_LEN) return undefined;
  return minLen + DEFAULT_TEXT_MAX_LEN / 2;
}
