/**
 * Numbers distinct byte keys (group-by groups, unique values) in the order first seen: an
 * open-addressing table of 32-bit hashes over one arena holding every key's bytes, so a key
 * costs its bytes and a few integers (no JS string or object per key) and is compared exactly.
 */
export class ByteKeyTable {
  /** Per slot: group number + 1 (0 when empty), and the group's hash. */
  private slots = new Int32Array(1 << 13);
  private hashes = new Int32Array(1 << 11);
  /** Where key g starts in the arena; key g ends where g + 1 starts. */
  private starts = new Float64Array((1 << 11) + 1);
  private arena = new Uint8Array(1 << 16);
  /** Bytes of the arena in use (the keys' bytes, back to back). */
  bytes = 0;
  size = 0;

  /** Sized for about `keys` keys of `keyBytes` bytes from the start (no growing on the way there). */
  reserve(keys: number, keyBytes: number): void {
    if (this.size > 0 || keys <= this.hashes.length) return;
    let cap = this.hashes.length;
    while (cap < keys) cap *= 2;
    this.hashes = new Int32Array(cap);
    this.starts = new Float64Array(cap + 1);
    this.slots = new Int32Array(cap * 4);
    this.arena = new Uint8Array(Math.max(this.arena.length, cap * keyBytes));
  }

  /** The number of the key `buf[off..off + len)` of hash `h`; a new key gets the next one unless `create` says no (then -1). */
  find(buf: Uint8Array, off: number, len: number, h: number, create: boolean): number {
    // Slots hold pairs (group + 1, hash): a probe reads one cache line before comparing bytes.
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    let s = h & mask;
    for (;;) {
      const g = slots[2 * s]! - 1;
      if (g < 0) break;
      if (slots[2 * s + 1] === h && this.equals(g, buf, off, len)) return g;
      s = (s + 1) & mask;
    }
    if (!create) return -1;
    const g = this.size++;
    if (g === this.hashes.length) this.growKeys();
    if (this.bytes + len > this.arena.length) this.growArena(len);
    const arena = this.arena;
    const at = this.bytes;
    if (len < 64) for (let k = 0; k < len; k++) arena[at + k] = buf[off + k]!;
    else arena.set(buf.subarray(off, off + len), at);
    this.hashes[g] = h;
    this.starts[g] = at;
    this.bytes += len;
    this.starts[g + 1] = this.bytes;
    slots[2 * s] = g + 1;
    slots[2 * s + 1] = h;
    if (this.size * 4 > slots.length) this.rehash();
    return g;
  }

  private equals(g: number, buf: Uint8Array, off: number, len: number): boolean {
    const start = this.starts[g]!;
    if (this.starts[g + 1]! - start !== len) return false;
    const a = this.arena;
    for (let k = 0; k < len; k++) if (a[start + k] !== buf[off + k]) return false;
    return true;
  }

  /** The hash key g was found with. */
  hashOf(g: number): number {
    return this.hashes[g]!;
  }

  /** Where key g's bytes start and end in `arena`. */
  keyStart(g: number): number {
    return this.starts[g]!;
  }
  keyEnd(g: number): number {
    return this.starts[g + 1]!;
  }
  get keyBytes(): Uint8Array {
    return this.arena;
  }

  /** The bytes of key g (a view into the arena, valid until the table changes). */
  key(g: number): Uint8Array {
    return this.arena.subarray(this.starts[g]!, this.starts[g + 1]!);
  }

  /** The memory the table holds, in bytes (about). */
  get memory(): number {
    return this.arena.length + this.slots.byteLength + this.hashes.byteLength + this.starts.byteLength;
  }

  /** Forgets every key; a table of up to 2^16 keys keeps its memory for the next ones, a larger one gives it back. */
  clear(): void {
    if (this.hashes.length <= 1 << 16) {
      this.slots.fill(0);
    } else {
      this.slots = new Int32Array(1 << 13);
      this.hashes = new Int32Array(1 << 11);
      this.starts = new Float64Array((1 << 11) + 1);
      this.arena = new Uint8Array(1 << 16);
    }
    this.bytes = 0;
    this.size = 0;
  }

  private growKeys(): void {
    const hashes = new Int32Array(this.hashes.length * 2);
    hashes.set(this.hashes);
    this.hashes = hashes;
    const starts = new Float64Array(hashes.length + 1);
    starts.set(this.starts);
    this.starts = starts;
  }

  private growArena(need: number): void {
    let size = this.arena.length * 2;
    while (size < this.bytes + need) size *= 2;
    const arena = new Uint8Array(size);
    arena.set(this.arena.subarray(0, this.bytes));
    this.arena = arena;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = (slots.length >> 1) - 1;
    for (let g = 0; g < this.size; g++) {
      const h = this.hashes[g]!;
      let s = h & mask;
      while (slots[2 * s] !== 0) s = (s + 1) & mask;
      slots[2 * s] = g + 1;
      slots[2 * s + 1] = h;
    }
    this.slots = slots;
  }
}
