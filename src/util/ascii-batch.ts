/**
 * The ASCII texts of a column's values built one after another into one buffer and made
 * strings by one decode per CHUNK bytes, each value then cut out of that string. Making each
 * value a string of its own (AsciiText.text: Buffer#toString, or appending characters) costs a
 * call into the runtime or a string per character; a cut costs a fraction of that (V8 copies a
 * cut shorter than 13 characters and shares the chunk's text for a longer one, so a value kept
 * alive keeps at most about CHUNK bytes alive with it).
 *
 * Use: begin(values, first), then for each value in order `at = room(length)`, its bytes
 * written at bytes[at..at+length), push(length); end() gives the values not yet given.
 */
export class AsciiBatch {
  /** Where the value being built goes, from room()'s offset. */
  bytes: Buffer = Buffer.alloc(CHUNK);
  private readonly ends = new Int32Array(ENDS);
  private used = 0;
  private count = 0;
  private out: string[] = NONE;
  private next = 0;

  /** Starts giving values to out[first], out[first + 1], ... */
  begin(out: string[], first = 0): void {
    this.out = out;
    this.next = first;
    this.used = 0;
    this.count = 0;
  }

  /** The offset in `bytes` where the next value's `length` bytes go. */
  room(length: number): number {
    if (this.used + length > this.bytes.length || this.count === ENDS) {
      this.flush();
      if (length > this.bytes.length) this.bytes = Buffer.alloc(length);
    }
    return this.used;
  }

  /** The value room() placed is `length` bytes long. */
  push(length: number): void {
    this.used += length;
    this.ends[this.count++] = this.used;
  }

  /** Gives the values pushed since the last decode; `out` is released. */
  end(): void {
    this.flush();
    this.out = NONE;
  }

  private flush(): void {
    const count = this.count;
    if (count === 0) return;
    const all = this.bytes.toString("latin1", 0, this.used);
    const out = this.out;
    const ends = this.ends;
    const next = this.next;
    let from = 0;
    for (let j = 0; j < count; j++) {
      const to = ends[j]!;
      out[next + j] = all.slice(from, to);
      from = to;
    }
    this.next = next + count;
    this.count = 0;
    this.used = 0;
  }
}

/** Bytes decoded at a time: large enough that a decode costs little per value, small enough that a kept value keeps little alive. */
const CHUNK = 1024;
/** Values decoded at most at a time (empty ones take no bytes). */
const ENDS = 1024;
const NONE: string[] = [];
