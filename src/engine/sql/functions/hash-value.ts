/**
 * Per-type hashing of SQL values as Spark's `hash()` and `xxhash64()` see them: the seed of
 * each value is the hash of the previous one, NULL leaves the seed unchanged, composite values
 * hash their elements (map: key then value) in order.
 */
import type { DataType } from "../../../model/data-type.ts";
import type { SqlValue } from "../sql-contract.ts";

export interface HashPrimitives<S> {
  int(v: number, seed: S): S;
  long(v: bigint, seed: S): S;
  bytes(v: Uint8Array, seed: S): S;
}

const utf8 = new TextEncoder();
export const utf8Bytes = (s: string): Uint8Array => utf8.encode(s);

const f32 = new Float32Array(1);
const i32 = new Int32Array(f32.buffer);
const f64 = new Float64Array(1);
const i64 = new BigInt64Array(f64.buffer);

function floatBits(f: number): number {
  if (Number.isNaN(f)) return 0x7fc00000;
  if (f === 0) return 0; // -0.0 hashes like 0.0
  f32[0] = f;
  return i32[0]!;
}

function doubleBits(d: number): bigint {
  if (Number.isNaN(d)) return 0x7ff8000000000000n;
  if (d === 0) return 0n;
  f64[0] = d;
  return i64[0]!;
}

/** Minimal big-endian two's-complement bytes of an integer (Java's BigInteger.toByteArray). */
export function bigIntegerBytes(v: bigint): Uint8Array {
  let bytesNeeded = 1;
  while (v < -(1n << BigInt(bytesNeeded * 8 - 1)) || v >= 1n << BigInt(bytesNeeded * 8 - 1)) bytesNeeded++;
  const out = new Uint8Array(bytesNeeded);
  let u = BigInt.asUintN(bytesNeeded * 8, v);
  for (let i = bytesNeeded - 1; i >= 0; i--) {
    out[i] = Number(u & 0xffn);
    u >>= 8n;
  }
  return out;
}

export type ValueHasher<S> = (v: SqlValue, seed: S) => S;

export function valueHasher<S>(t: DataType, p: HashPrimitives<S>): ValueHasher<S> {
  const nullSafe =
    (f: ValueHasher<S>): ValueHasher<S> =>
    (v, seed) =>
      v === null ? seed : f(v, seed);
  switch (t.kind) {
    case "boolean":
      return nullSafe((v, s) => p.int(v ? 1 : 0, s));
    case "byte":
    case "short":
    case "int":
    case "date":
      return nullSafe((v, s) => p.int(v as number, s));
    case "long":
      return nullSafe((v, s) => p.long(v as bigint, s));
    case "timestamp":
      return nullSafe((v, s) => p.long(BigInt(v as number), s));
    case "float":
      return nullSafe((v, s) => p.int(floatBits(v as number), s));
    case "double":
      return nullSafe((v, s) => p.long(doubleBits(v as number), s));
    case "decimal":
      return t.precision <= 18
        ? nullSafe((v, s) => p.long(v as bigint, s))
        : nullSafe((v, s) => p.bytes(bigIntegerBytes(v as bigint), s));
    case "string":
      return nullSafe((v, s) => p.bytes(utf8Bytes(v as string), s));
    case "binary":
      return nullSafe((v, s) => p.bytes(v as Uint8Array, s));
    case "array": {
      const el = valueHasher(t.element, p);
      return nullSafe((v, s) => {
        for (const e of v as readonly SqlValue[]) s = el(e, s);
        return s;
      });
    }
    case "map": {
      const kh = valueHasher(t.key, p);
      const vh = valueHasher(t.value, p);
      return nullSafe((v, s) => {
        for (const [k, x] of v as ReadonlyMap<SqlValue, SqlValue>) s = vh(x, kh(k, s));
        return s;
      });
    }
    case "struct": {
      const fields = t.fields.map((f) => ({ name: f.name, h: valueHasher(f.type, p) }));
      return nullSafe((v, s) => {
        const o = v as Record<string, SqlValue>;
        for (const f of fields) s = f.h(o[f.name] ?? null, s);
        return s;
      });
    }
  }
}
