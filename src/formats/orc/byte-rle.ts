import type { OutStream } from "./out-stream.ts";

const MIN_RUN = 3;
const MAX_RUN = 127 + MIN_RUN;
const MAX_LITERALS = 128;

/**
 * Byte run-length encoding: a control byte 0..127 is a run of (control + 3) copies of the
 * next byte; -1..-128 is that many literal bytes following it.
 */
export class ByteRleWriter {
  private readonly out: OutStream;
  private readonly literals = new Uint8Array(MAX_LITERALS);
  private count = 0;
  private repeating = false;
  /** How many equal bytes end the literal list (a run starts once it reaches 3). */
  private tail = 0;

  constructor(out: OutStream) {
    this.out = out;
  }

  write(value: number): void {
    const b = value & 0xff;
    if (this.count === 0) {
      this.literals[0] = b;
      this.count = 1;
      this.tail = 1;
      return;
    }
    if (this.repeating) {
      if (b === this.literals[0]) {
        if (++this.count === MAX_RUN) this.flush();
      } else {
        this.flush();
        this.write(b);
      }
      return;
    }
    this.tail = b === this.literals[this.count - 1] ? this.tail + 1 : 1;
    this.literals[this.count++] = b;
    if (this.tail === MIN_RUN) {
      this.count -= MIN_RUN;
      this.emitLiterals();
      this.literals[0] = b;
      this.count = MIN_RUN;
      this.repeating = true;
    } else if (this.count === MAX_LITERALS) {
      this.emitLiterals();
    }
  }

  /** Ends the current run: the next value starts a new one (row groups start on a run). */
  flush(): void {
    if (this.repeating) {
      this.out.writeByte(this.count - MIN_RUN);
      this.out.writeByte(this.literals[0]!);
      this.count = 0;
      this.repeating = false;
    } else {
      this.emitLiterals();
    }
    this.tail = 0;
  }

  private emitLiterals(): void {
    if (this.count > 0) {
      this.out.writeByte(-this.count & 0xff);
      this.out.write(this.literals, 0, this.count);
    }
    this.count = 0;
    this.tail = 0;
  }
}

/** Boolean run-length encoding: bits packed most significant first, the bytes byte-RLE encoded. */
export class BoolRleWriter {
  private readonly bytes: ByteRleWriter;
  private current = 0;
  private bits = 0;

  constructor(out: OutStream) {
    this.bytes = new ByteRleWriter(out);
  }

  write(value: boolean | number): void {
    if (value) this.current |= 0x80 >>> this.bits;
    if (++this.bits === 8) {
      this.bytes.write(this.current);
      this.current = 0;
      this.bits = 0;
    }
  }

  /**
   * Ends the byte run before a row group; a partly filled byte stays open and will be the first
   * byte of the next run. Returns how many of its bits are already used (the index's third position).
   */
  flushRun(): number {
    this.bytes.flush();
    return this.bits;
  }

  /** Writes the last partial byte (zero padded) and ends the stream. */
  finish(): void {
    if (this.bits > 0) {
      this.bytes.write(this.current);
      this.current = 0;
      this.bits = 0;
    }
    this.bytes.flush();
  }
}
