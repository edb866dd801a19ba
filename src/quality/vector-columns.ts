import { DataType as A, type Data } from "apache-arrow";
import type { SqlAst } from "../engine/index.ts";
import type { DataType } from "../model/data-type.ts";
import type { BatchRows, ReadField } from "./batch-rows.ts";
import {
  NULL,
  type NumNode,
  no,
  type RefNode,
  type StrNode,
  scratch,
  UNSURE,
  Unsupported,
} from "./vector-node.ts";

/** A field reference (`a`, `a.b.c`) resolved to the Arrow arrays from the top-level field down. */
export interface FieldRef {
  readonly slot: number;
  /** Child indices under the top-level array, for struct fields. */
  readonly path: readonly number[];
  readonly type: DataType;
}

export function resolveRef(ast: SqlAst, fields: readonly ReadField[]): FieldRef {
  if (ast.kind === "column") {
    const lower = ast.name.toLowerCase();
    const slots = fields.flatMap((f, k) => (f.name.toLowerCase() === lower ? [k] : []));
    if (slots.length !== 1) no();
    return { slot: slots[0]!, path: [], type: fields[slots[0]!]!.type };
  }
  if (ast.kind === "field") {
    const parent = resolveRef(ast.target, fields);
    if (parent.type.kind !== "struct") no();
    const t = parent.type as Extract<DataType, { kind: "struct" }>;
    const lower = ast.name.toLowerCase();
    const at = t.fields.flatMap((f, k) => (f.name.toLowerCase() === lower ? [k] : []));
    if (at.length !== 1) no();
    return { slot: parent.slot, path: [...parent.path, at[0]!], type: t.fields[at[0]!]!.type };
  }
  return no();
}

/** The arrays of a reference in a batch, top-level first (a struct field is NULL when any of them is). */
function chain(rows: BatchRows, ref: FieldRef): Data[] | undefined {
  const top = rows.arrow?.[ref.slot];
  if (!top) return undefined;
  const out = [top];
  let d = top;
  for (const k of ref.path) {
    // The fields' types come from the batches' schema: children are in the same order.
    const child = d.children[k];
    if (!child) return undefined;
    d = child;
    out.push(d);
  }
  return out;
}

/** Marks NULL (2) the rows where any array of the chain is null; 0 elsewhere. */
function nullsOf(arrays: readonly Data[], n: number, s: Uint8Array): void {
  s.fill(0, 0, n);
  for (const d of arrays) {
    const bitmap = d.nullBitmap;
    if (!bitmap || bitmap.length === 0 || d.nullCount === 0) continue;
    const off = d.offset;
    for (let i = 0; i < n; i++) {
      const j = off + i;
      if (((bitmap[j >> 3]! >> (j & 7)) & 1) === 0) s[i] = NULL;
    }
  }
}

export const NUMERIC = new Set(["byte", "short", "int", "float", "double"]);

export function refNode(ref: FieldRef): RefNode {
  const sBuf = scratch((n) => new Uint8Array(n));
  return {
    kind: "ref",
    nulls(rows) {
      const arrays = chain(rows, ref);
      if (!arrays) throw new Unsupported();
      const s = sBuf(rows.length);
      nullsOf(arrays, rows.length, s);
      return s;
    },
  };
}

export function numberColumn(ref: FieldRef): NumNode {
  const vBuf = scratch((n) => new Float64Array(n));
  const sBuf = scratch((n) => new Uint8Array(n));
  return {
    kind: "num",
    float: ref.type.kind === "float" || ref.type.kind === "double",
    eval(rows) {
      const arrays = chain(rows, ref);
      if (!arrays) throw new Unsupported();
      const d = arrays[arrays.length - 1]!;
      const ints = A.isInt(d.type) && (d.type as unknown as { bitWidth: number }).bitWidth <= 32;
      if (!ints && !A.isFloat(d.type)) throw new Unsupported();
      const n = rows.length;
      const v = vBuf(n);
      const s = sBuf(n);
      nullsOf(arrays, n, s);
      const values = d.values as ArrayLike<number>;
      for (let i = 0; i < n; i++) {
        const x = values[i]!;
        v[i] = x;
        if (s[i] === 0 && Number.isNaN(x)) s[i] = UNSURE; // NaN: Spark's ordering of NaN is left to the row compiler
      }
      return { v, s };
    },
  };
}

export function stringColumn(ref: FieldRef): StrNode {
  const sBuf = scratch((n) => new Uint8Array(n));
  return {
    kind: "str",
    eval(rows) {
      const arrays = chain(rows, ref);
      if (!arrays) throw new Unsupported();
      const d = arrays[arrays.length - 1]!;
      if (!A.isUtf8(d.type)) throw new Unsupported();
      const s = sBuf(rows.length);
      nullsOf(arrays, rows.length, s);
      return { offsets: d.valueOffsets as Int32Array, bytes: d.values as Uint8Array, s };
    },
  };
}

/** size(array): its length; a NULL array (-1 in rowforge's SQL) is left to the row compiler. */
export function sizeOf(ref: FieldRef): NumNode {
  const vBuf = scratch((n) => new Float64Array(n));
  const sBuf = scratch((n) => new Uint8Array(n));
  return {
    kind: "num",
    float: false,
    eval(rows) {
      const arrays = chain(rows, ref);
      if (!arrays) throw new Unsupported();
      const d = arrays[arrays.length - 1]!;
      if (!A.isList(d.type)) throw new Unsupported();
      const n = rows.length;
      const v = vBuf(n);
      const s = sBuf(n);
      nullsOf(arrays, n, s);
      const offsets = d.valueOffsets as Int32Array;
      for (let i = 0; i < n; i++) {
        v[i] = offsets[i + 1]! - offsets[i]!;
        if (s[i] === NULL) s[i] = UNSURE;
      }
      return { v, s };
    },
  };
}

/** length(string) in characters: ASCII strings by their bytes; others left to the row compiler. */
export function lengthOf(str: StrNode): NumNode {
  const vBuf = scratch((n) => new Float64Array(n));
  const sBuf = scratch((n) => new Uint8Array(n));
  return {
    kind: "num",
    float: false,
    eval(rows) {
      const { offsets, bytes, s: ss } = str.eval(rows);
      const n = rows.length;
      const v = vBuf(n);
      const s = sBuf(n);
      for (let i = 0; i < n; i++) {
        s[i] = ss[i]!;
        const a = offsets[i]!;
        const b = offsets[i + 1]!;
        v[i] = b - a;
        for (let k = a; k < b; k++) {
          if (bytes[k]! >= 0x80) {
            if (s[i] === 0) s[i] = UNSURE;
            break;
          }
        }
      }
      return { v, s };
    },
  };
}
