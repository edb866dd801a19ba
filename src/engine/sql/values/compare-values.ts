/**
 * Equality and ordering of non-null values by static type, with Spark's semantics: NaN equals
 * NaN and sorts above every other number, strings compare by code point (UTF-8 byte order),
 * binaries byte by byte, arrays and structs element by element with NULL first.
 */
import type { DataType } from "../../../model/data-type.ts";
import type { SqlValue } from "../sql-contract.ts";

export type Ordering = (a: SqlValue, b: SqlValue) => number;
export type Equality = (a: SqlValue, b: SqlValue) => boolean;

/** Code point order (what comparing UTF-8 bytes gives), not UTF-16 unit order. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (0xD800-0xDFFF) encode code points above 0xFFFF: move them above 0xE000-0xFFFF.
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

export function compareDoubles(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) return 0;
  const an = Number.isNaN(a);
  const bn = Number.isNaN(b);
  return an && bn ? 0 : an ? 1 : -1;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

const withNulls =
  (inner: Ordering): Ordering =>
  (a, b) =>
    a === null ? (b === null ? 0 : -1) : b === null ? 1 : inner(a, b);

/** Ordering of non-null values of type `t`; undefined for maps (Spark cannot order them). */
export function compileOrdering(t: DataType): Ordering | undefined {
  switch (t.kind) {
    case "string":
      return (a, b) => compareStrings(a as string, b as string);
    case "float":
    case "double":
      return (a, b) => compareDoubles(a as number, b as number);
    case "int":
    case "short":
    case "byte":
    case "date":
    case "timestamp":
      return (a, b) => (a as number) - (b as number);
    case "long":
    case "decimal":
      return (a, b) => ((a as bigint) < (b as bigint) ? -1 : (a as bigint) > (b as bigint) ? 1 : 0);
    case "boolean":
      return (a, b) => (a === b ? 0 : a ? 1 : -1);
    case "binary":
      return (a, b) => compareBytes(a as Uint8Array, b as Uint8Array);
    case "array": {
      const inner = compileOrdering(t.element);
      if (inner === undefined) return undefined;
      const element = withNulls(inner);
      return (a, b) => {
        const x = a as readonly SqlValue[];
        const y = b as readonly SqlValue[];
        const n = Math.min(x.length, y.length);
        for (let i = 0; i < n; i++) {
          const c = element(x[i] ?? null, y[i] ?? null);
          if (c !== 0) return c;
        }
        return x.length - y.length;
      };
    }
    case "struct": {
      const fields: { name: string; order: Ordering }[] = [];
      for (const f of t.fields) {
        const inner = compileOrdering(f.type);
        if (inner === undefined) return undefined;
        fields.push({ name: f.name, order: withNulls(inner) });
      }
      return (a, b) => {
        const x = a as { readonly [k: string]: SqlValue };
        const y = b as { readonly [k: string]: SqlValue };
        for (const f of fields) {
          const c = f.order(x[f.name] ?? null, y[f.name] ?? null);
          if (c !== 0) return c;
        }
        return 0;
      };
    }
    case "map":
      return undefined;
  }
}

/** Equality of non-null values of type `t` (maps compare entry by entry in order). */
export function compileEquality(t: DataType): Equality {
  switch (t.kind) {
    case "float":
    case "double":
      return (a, b) => a === b || (Number.isNaN(a) && Number.isNaN(b));
    case "binary":
      return (a, b) => compareBytes(a as Uint8Array, b as Uint8Array) === 0;
    case "array": {
      const inner = compileEquality(t.element);
      return (a, b) => {
        const x = a as readonly SqlValue[];
        const y = b as readonly SqlValue[];
        if (x.length !== y.length) return false;
        for (let i = 0; i < x.length; i++) {
          const p = x[i] ?? null;
          const q = y[i] ?? null;
          if (p === null || q === null ? p !== q : !inner(p, q)) return false;
        }
        return true;
      };
    }
    case "struct": {
      const fields = t.fields.map((f) => ({ name: f.name, eq: compileEquality(f.type) }));
      return (a, b) => {
        const x = a as { readonly [k: string]: SqlValue };
        const y = b as { readonly [k: string]: SqlValue };
        for (const f of fields) {
          const p = x[f.name] ?? null;
          const q = y[f.name] ?? null;
          if (p === null || q === null ? p !== q : !f.eq(p, q)) return false;
        }
        return true;
      };
    }
    case "map": {
      const key = compileEquality(t.key);
      const value = compileEquality(t.value);
      return (a, b) => {
        const x = [...(a as ReadonlyMap<SqlValue, SqlValue>)];
        const y = [...(b as ReadonlyMap<SqlValue, SqlValue>)];
        if (x.length !== y.length) return false;
        return x.every(([k, v], i) => {
          const [k2, v2] = y[i]!;
          return key(k as SqlValue, k2 as SqlValue) && (v === null || v2 === null ? v === v2 : value(v, v2));
        });
      };
    }
    default:
      return (a, b) => a === b;
  }
}
