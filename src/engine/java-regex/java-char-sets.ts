/**
 * The fixed character sets of Java's regex syntax, once, as sorted inclusive code point ranges
 * [lo, hi, lo, hi, ...]; each target renders them in its own escape syntax.
 */
export type CodePointList = readonly number[];

/** `\s` (Java's default, ASCII): space, \t, \n, \x0B, \f, \r. */
export const JAVA_SPACE: CodePointList = [0x09, 0x0d, 0x20, 0x20];
/** `\h`: horizontal whitespace. */
export const HORIZONTAL_SPACE: CodePointList = [
  0x09, 0x09, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x180e, 0x180e, 0x2000, 0x200a, 0x202f, 0x202f, 0x205f,
  0x205f, 0x3000, 0x3000,
];
/** `\v`: vertical whitespace. */
export const VERTICAL_SPACE: CodePointList = [0x0a, 0x0d, 0x85, 0x85, 0x2028, 0x2029];
/** Java's line terminators: what `.` does not match without (?s), and what `$` may stand before. */
export const LINE_TERMINATORS: CodePointList = [0x0a, 0x0a, 0x0d, 0x0d, 0x85, 0x85, 0x2028, 0x2029];

/** The ranges as the inside of a class, each code point written by `write` (`\u{..}`, `\x{..}`). */
export function classBody(ranges: CodePointList, write: (cp: number) => string): string {
  let out = "";
  for (let i = 0; i < ranges.length; i += 2) {
    const lo = ranges[i]!;
    const hi = ranges[i + 1]!;
    out += lo === hi ? write(lo) : `${write(lo)}-${write(hi)}`;
  }
  return out;
}
