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

  /** Makes bytes[0..length) writable. */
  room(length: number): Uint8Array {
    if (length > this.bytes.length) this.bytes = Buffer.alloc(Math.max(length, this.bytes.length * 2));
    return this.bytes;
  }

  /**
   * bytes[0..length) (each below 0x80) as a flat string. Up to SHORT characters are appended
   * (one-character ASCII strings are V8's cached singles, and a rope this short costs less than
   * a call into the runtime); longer ones are made by Buffer#toString, about 90 ns whatever the
   * length (TextDecoder costs 3 times more per call).
   */
  text(length: number): string {
    const bytes = this.bytes;
    if (length <= SHORT) {
      let s = "";
      for (let k = 0; k < length; k++) s += String.fromCharCode(bytes[k]!);
      return s;
    }
    return bytes.toString("latin1", 0, length);
  }
}

const SHORT = 8;
