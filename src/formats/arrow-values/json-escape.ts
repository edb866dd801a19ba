const HEX = Uint8Array.from("0123456789abcdef", (c) => c.charCodeAt(0));
/** The escape letter of the control characters JSON names (`\n`...), else 0 (`\u00XX`). */
const NAMED = new Uint8Array(32);
NAMED[8] = 98;
NAMED[9] = 116;
NAMED[10] = 110;
NAMED[12] = 102;
NAMED[13] = 114;

/** Whether an ASCII code (a UTF-8 byte below 0x80) needs an escape in a JSON string. */
export const needsJsonEscape = (c: number): boolean => c < 0x20 || c === 34 || c === 92;

/**
 * Writes the JSON escape of an ASCII code that needs one (a quote, a backslash, a control
 * character) into `buf` at `p` (room for 6 bytes); returns the position after it.
 */
export function writeJsonEscape(buf: Uint8Array, p: number, c: number): number {
  buf[p++] = 92;
  if (c === 34 || c === 92) {
    buf[p++] = c;
    return p;
  }
  const named = NAMED[c]!;
  if (named !== 0) {
    buf[p++] = named;
    return p;
  }
  buf[p++] = 117;
  buf[p++] = 48;
  buf[p++] = 48;
  buf[p++] = HEX[c >> 4]!;
  buf[p++] = HEX[c & 15]!;
  return p;
}
