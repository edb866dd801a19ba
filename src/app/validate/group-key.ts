import type { SqlValue } from "../../engine/index.ts";

/** Integers compare equal whatever their width (an int 5 and a long 5n are one key). */
const norm = (v: SqlValue): SqlValue =>
  typeof v === "bigint" && v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(v)
    : v;

/** The grouping (or join) key of a row: the value itself for one primitive field, else a text of all of them. */
export function keyOf(values: readonly SqlValue[]): unknown {
  if (values.length === 1) {
    const v = norm(values[0]!);
    if (v === null || typeof v !== "object") return v;
  }
  return values
    .map((raw) => {
      const v = norm(raw);
      return v === null
        ? "\u0000"
        : typeof v === "object"
          ? JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? `${x}n` : x))
          : `${typeof v}:${String(v)}`;
    })
    .join("\u0001");
}

const f64 = new Float64Array(1);
const i32 = new Int32Array(f64.buffer);

/** A 32-bit hash of a primitive key (FNV-1a over a string's code units, the bits of a number). */
function hashOf(v: SqlValue): number {
  if (typeof v === "string") {
    let h = 0x811c9dc5;
    for (let i = 0; i < v.length; i++) h = Math.imul(h ^ v.charCodeAt(i), 0x01000193);
    return h | 0;
  }
  if (typeof v === "number") {
    f64[0] = v === 0 ? 0 : v; // -0 and 0 are one key
    return Math.imul(i32[0]! ^ Math.imul(i32[1]!, 0x9e3779b1), 0x85ebca6b) | 0;
  }
  if (typeof v === "boolean") return v ? 1 : 2;
  return 3; // null
}

const isPrimitive = (v: SqlValue): v is string | number | boolean | null =>
  v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/**
 * Numbers the distinct keys of rows (group-by groups, unique values) in the order first seen.
 * One primitive field goes through an open-addressing table of 32-bit hashes with the key values
 * compared exactly (no allocation per row); composite and nested keys through a Map of their text.
 */
export class KeyIndex {
  /** Group number + 1 per slot, 0 when empty. */
  private slots = new Int32Array(1 << 12);
  private hashes = new Int32Array(1 << 11);
  private readonly firstKeys: SqlValue[] = [];
  private readonly map = new Map<unknown, number>();
  size = 0;

  /** The key's number; a new key gets the next one unless `create` says no (then -1). */
  find(key: readonly SqlValue[], create: boolean): number {
    if (key.length === 1 && isPrimitive(norm(key[0]!))) return this.findPrimitive(norm(key[0]!), create);
    const id = keyOf(key);
    const g = this.map.get(id);
    if (g !== undefined) return g;
    if (!create) return -1;
    this.map.set(id, this.size);
    return this.size++;
  }

  private findPrimitive(v: SqlValue, create: boolean): number {
    const h = hashOf(v);
    const mask = this.slots.length - 1;
    let s = h & mask;
    for (;;) {
      const g = this.slots[s]! - 1;
      if (g < 0) break;
      if (this.hashes[g] === h && this.firstKeys[g] === v) return g;
      s = (s + 1) & mask;
    }
    if (!create) return -1;
    const g = this.size++;
    if (g === this.hashes.length) {
      const bigger = new Int32Array(this.hashes.length * 2);
      bigger.set(this.hashes);
      this.hashes = bigger;
    }
    this.hashes[g] = h;
    this.firstKeys[g] = v;
    this.slots[s] = g + 1;
    if (this.size * 2 > this.slots.length) this.rehash();
    return g;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let g = 0; g < this.size; g++) {
      if (this.firstKeys[g] === undefined) continue;
      let s = this.hashes[g]! & mask;
      while (slots[s] !== 0) s = (s + 1) & mask;
      slots[s] = g + 1;
    }
    this.slots = slots;
  }
}
