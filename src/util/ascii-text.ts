/**
 * ASCII text built byte by byte, then made a string in one call. Appending a character at a
 * time (`s += c`) makes a rope of one-character pieces that every reader (the JSON writer's
 * charCodeAt, a hash, a comparison) flattens again: for 100+ character values that costs ten
 * times the generation itself and most of the garbage collector's work.
 */
export class AsciiText {
  /** The bytes of the text being built (grown by room()). */
  bytes: Buffer;

  constructor(capacity = 64) {
    this.bytes = Buffer.alloc(Math.max(capacity, 16));
  }

  /** Makes bytes[0..length) writable, keeping the bytes written so far. */
  room(length: number): Uint8Array {
    if (length > this.bytes.length) {
      const bytes = Buffer.alloc(Math.max(length, this.bytes.length * 2));
      bytes.set(this.bytes);
      this.bytes = bytes;
    }
    return this.bytes;
  }

  /**
   * bytes[0..length) (each below 0x80) as a flat string. Up to SHORT characters are appended
   * (one-character ASCII strings are V8's cached singles); up to CODES_MAX the codes are passed
   * to String.fromCharCode in a reused list, which makes a flat string in one step (appending
   * makes a string per character, and a rope from 13 on); longer ones are made by
   * Buffer#toString, whose call into the runtime costs 150-250 ns whatever the length
   * (TextDecoder costs 3 times more per call). For 11-character ids (`ACC[0-9]{8}`) the list
   * takes half the time of either.
   */
  text(length: number): string {
    const bytes = this.bytes;
    if (length <= SHORT) {
      let s = "";
      for (let k = 0; k < length; k++) s += String.fromCharCode(bytes[k]!);
      return s;
    }
    if (length <= CODES_MAX) {
      const codes = CODES[length]!;
      for (let k = 0; k < length; k++) codes[k] = bytes[k]!;
      return String.fromCharCode.apply(null, codes);
    }
    return bytes.toString("latin1", 0, length);
  }
}

const SHORT = 2;
const CODES_MAX = 24;
/** Argument lists of String.fromCharCode, one per length up to CODES_MAX, reused by every text. */
const CODES: number[][] = Array.from({ length: CODES_MAX + 1 }, (_, n) => new Array<number>(n).fill(0));

/**
 * Text of any code points built unit by unit (UTF-16, little-endian bytes), then made a string
 * in one call: AsciiText for sets beyond ASCII (Unicode properties, accented letters).
 */
export class Utf16Text {
  /** Two bytes per UTF-16 code unit. */
  bytes: Buffer;

  constructor(capacity = 64) {
    this.bytes = Buffer.alloc(2 * Math.max(capacity, 16));
  }

  /** Makes room for `points` code points (up to two units each). */
  room(points: number): Uint8Array {
    if (4 * points > this.bytes.length)
      this.bytes = Buffer.alloc(Math.max(4 * points, this.bytes.length * 2));
    return this.bytes;
  }

  /** Writes code point cp at unit u; returns the next unit. */
  put(u: number, cp: number): number {
    const b = this.bytes;
    if (cp > 0xffff) {
      const hi = 0xd800 + ((cp - 0x10000) >> 10);
      const lo = 0xdc00 + ((cp - 0x10000) & 0x3ff);
      b[2 * u] = hi & 255;
      b[2 * u + 1] = hi >> 8;
      b[2 * u + 2] = lo & 255;
      b[2 * u + 3] = lo >> 8;
      return u + 2;
    }
    b[2 * u] = cp & 255;
    b[2 * u + 1] = cp >> 8;
    return u + 1;
  }

  /** Units [0, units) as a string (lone surrogates kept as they are). */
  text(units: number): string {
    return this.bytes.toString("utf16le", 0, 2 * units);
  }
}
