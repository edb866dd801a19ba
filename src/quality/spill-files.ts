import { closeSync, fstatSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RowforgeError } from "../errors/index.ts";

const BUFFER = 64 * 1024;
const READ = 1024 * 1024;

/**
 * Records (byte strings) written to a fixed number of partitions, then read back partition by
 * partition: held in memory up to `memoryBytes`, past it written to partition files in a
 * temporary folder of their own (`onDisk`). Each record is written after its length. `dispose`
 * removes the folder (also after a failure).
 */
export class SpillFiles {
  readonly partitions: number;
  private dir: string | undefined;
  private readonly parent: string;
  private readonly memoryBytes: number;
  private readonly fds: number[];
  private readonly buffers: Uint8Array[];
  private readonly used: number[];
  /** Filled buffers of each partition while in memory. */
  private readonly chunks: Uint8Array[][];
  /** Records written to each partition. */
  readonly counts: Int32Array;
  /** Whether the records went to files (past the memory budget). */
  onDisk = false;
  /** Bytes written, all partitions together. */
  written = 0;

  constructor(partitions: number, parent = tmpdir(), memoryBytes = 0) {
    this.partitions = partitions;
    this.parent = parent;
    this.memoryBytes = memoryBytes;
    this.fds = new Array(partitions).fill(-1);
    this.buffers = Array.from({ length: partitions }, () => new Uint8Array(0));
    this.used = new Array(partitions).fill(0);
    this.chunks = Array.from({ length: partitions }, () => []);
    this.counts = new Int32Array(partitions);
  }

  private path(p: number): string {
    this.dir ??= mkdtempSync(join(this.parent, "rowforge-spill-"));
    return join(this.dir, `part-${p}.bin`);
  }

  /** Appends `src[start..end)` as one record of partition p. */
  write(p: number, src: Uint8Array, start: number, end: number): void {
    const n = end - start;
    const at = this.place(p, n);
    const buf = this.buffers[p]!;
    if (n < 64) for (let k = 0; k < n; k++) buf[at + k] = src[start + k]!;
    else buf.set(src.subarray(start, end), at);
  }

  /**
   * Room for a record of `n` bytes in partition p, its length written before it: the caller
   * writes the record into `buffer(p)` from the offset returned, before the next record.
   */
  place(p: number, n: number): number {
    if (!this.onDisk && this.written > this.memoryBytes) this.toDisk();
    let buf = this.buffers[p]!;
    if (buf.length === 0) buf = this.buffers[p] = new Uint8Array(BUFFER);
    if (this.used[p]! + n + 5 > buf.length) {
      this.flush(p);
      buf = this.buffers[p]!;
      if (n + 5 > buf.length) buf = this.buffers[p] = new Uint8Array(n + 5);
    }
    const from = this.used[p]!;
    let at = from;
    let len = n;
    while (len >= 0x80) {
      buf[at++] = (len & 0x7f) | 0x80;
      len >>>= 7;
    }
    buf[at++] = len;
    this.used[p] = at + n;
    this.written += at + n - from;
    this.counts[p]!++;
    return at;
  }

  /** The buffer partition p's records are written into now (see `place`). */
  buffer(p: number): Uint8Array {
    return this.buffers[p]!;
  }

  /** Moves partition p's full buffer on: kept in memory within the budget, else to its file. */
  private flush(p: number): void {
    const n = this.used[p]!;
    if (n === 0) return;
    if (!this.onDisk) {
      this.chunks[p]!.push(this.buffers[p]!.subarray(0, n));
      this.buffers[p] = new Uint8Array(BUFFER);
      this.used[p] = 0;
      return;
    }
    this.writeOut(p, this.buffers[p]!, n);
    this.used[p] = 0;
  }

  /** Past the memory budget: every partition's chunks go to its file, and what follows too. */
  private toDisk(): void {
    this.onDisk = true;
    for (let q = 0; q < this.partitions; q++) {
      for (const c of this.chunks[q]!) this.writeOut(q, c, c.length);
      this.chunks[q] = [];
    }
  }

  private writeOut(p: number, buf: Uint8Array, n: number): void {
    if (this.fds[p]! < 0) this.fds[p] = openSync(this.path(p), "a");
    let off = 0;
    while (off < n) off += writeSync(this.fds[p]!, buf, off, n - off);
  }

  /** Ends the writing (files closed, or the last buffers kept in memory) before reading back. */
  finishWriting(): void {
    for (let p = 0; p < this.partitions; p++) {
      const n = this.used[p]!;
      if (this.onDisk) this.flush(p);
      else if (n > 0) {
        this.chunks[p]!.push(this.buffers[p]!.subarray(0, n));
        this.used[p] = 0;
      }
      this.buffers[p] = new Uint8Array(0);
      if (this.fds[p]! >= 0) {
        closeSync(this.fds[p]!);
        this.fds[p] = -1;
      }
    }
  }

  /** Calls `each(buf, start, end)` for every record of partition p, in memory or on disk (no copy per record). */
  forEach(p: number, each: (buf: Uint8Array, start: number, end: number) => void): void {
    if (!this.onDisk) {
      const at = { start: 0, end: 0 };
      for (const chunk of this.chunks[p]!) {
        for (let k = 0; k < chunk.length; k = at.end) {
          locateRecord(chunk, k, at);
          each(chunk, at.start, at.end);
        }
      }
      return;
    }
    for (const r of this.records(p)) each(r, 0, r.length);
  }

  /**
   * The records of partition p, each as a view of a read buffer (valid until the next record
   * is asked for). Reads the file in 1 MiB pieces.
   */
  *records(p: number): Generator<Uint8Array> {
    if (!this.onDisk) {
      for (const chunk of this.chunks[p]!) yield* recordsIn(chunk);
      return;
    }
    if (this.dir === undefined) return;
    let fd: number;
    try {
      fd = openSync(join(this.dir, `part-${p}.bin`), "r");
    } catch {
      return; // nothing was written to this partition
    }
    try {
      // A small file (a partition split again holds a few records) is read whole into a buffer
      // its size: thousands of them each given a 1 MiB buffer cost more than the reading.
      let buf = new Uint8Array(Math.min(READ, fstatSync(fd).size + 5));
      let have = 0;
      let pos = 0;
      for (;;) {
        // Parse the records wholly inside the buffer.
        for (;;) {
          let k = pos;
          let len = 0;
          let shift = 0;
          let complete = false;
          while (k < have) {
            const b = buf[k++]!;
            len += (b & 0x7f) * 2 ** shift;
            if (b < 0x80) {
              complete = true;
              break;
            }
            shift += 7;
          }
          if (!complete || k + len > have) {
            if (complete && len + 5 > buf.length) {
              const bigger = new Uint8Array(len + 5 + READ);
              bigger.set(buf.subarray(pos, have));
              have -= pos;
              pos = 0;
              buf = bigger;
            }
            break;
          }
          yield buf.subarray(k, k + len);
          pos = k + len;
        }
        // Keep the unread tail, read more.
        if (pos > 0) {
          buf.copyWithin(0, pos, have);
          have -= pos;
          pos = 0;
        }
        const n = readSync(fd, buf, have, buf.length - have, null);
        if (n === 0) {
          if (have > 0) {
            throw new RowforgeError(
              "RF_FILE_READ",
              `the validation spill file ${join(this.dir, `part-${p}.bin`)} ends inside a record`,
              { hint: "another process may have changed the temp folder; run the validations again" },
            );
          }
          return;
        }
        have += n;
      }
    } finally {
      closeSync(fd);
    }
  }

  /** Closes and removes every file and frees the memory (safe to call twice, and after a failure). */
  dispose(): void {
    for (let p = 0; p < this.partitions; p++) this.chunks[p] = [];
    for (let p = 0; p < this.partitions; p++) {
      if (this.fds[p]! >= 0) {
        try {
          closeSync(this.fds[p]!);
        } catch {}
        this.fds[p] = -1;
      }
      this.buffers[p] = new Uint8Array(0);
    }
    if (this.dir !== undefined) rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
  }
}

/** The records of a buffer of whole records (each after its length). */
function* recordsIn(buf: Uint8Array): Generator<Uint8Array> {
  const at = { start: 0, end: 0 };
  for (let k = 0; k < buf.length; k = at.end) {
    locateRecord(buf, k, at);
    yield buf.subarray(at.start, at.end);
  }
}

/** Where the record whose length (a base-128 varint) starts at `k` of `buf` lies, into `at`. */
function locateRecord(buf: Uint8Array, k: number, at: { start: number; end: number }): void {
  let len = 0;
  let shift = 0;
  for (;;) {
    const b = buf[k++]!;
    len += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) break;
    shift += 7;
  }
  at.start = k;
  at.end = k + len;
}
