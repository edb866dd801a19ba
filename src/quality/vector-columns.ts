import { DataType as A, type Data } from "apache-arrow";
import type { SqlAst } from "../engine/index.ts";
import type { DataType } from "../model/data-type.ts";
import type { BatchRows, ReadField } from "./batch-rows.ts";
import {
  allAscii,
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

/**
 * The array a reference reads in a batch, when its type is one `fits` takes (else Unsupported),
 * with `s` marking NULL the rows where it or a struct above it is null.
 */
function column(rows: BatchRows, ref: FieldRef, s: Uint8Array, fits: (type: A) => boolean): Data {
  const arrays = chain(rows, ref);
  if (!arrays) throw new Unsupported();
  const d = arrays[arrays.length - 1]!;
  if (!fits(d.type)) throw new Unsupported();
  nullsOf(arrays, rows.length, s);
  return d;
}

const anyType = (): boolean => true;

export const NUMERIC = new Set(["byte", "short", "int", "float", "double"]);

/** Per batch: the reference's array (of a type `fits` takes) and the NULL states of its rows, in a buffer kept. */
function columnReader(
  ref: FieldRef,
  fits: (type: A) => boolean,
): (rows: BatchRows) => { d: Data; s: Uint8Array } {
  const sBuf = scratch((n) => new Uint8Array(n));
  return (rows) => {
    const s = sBuf(rows.length);
    return { d: column(rows, ref, s, fits), s };
  };
}

/** A node's result kept with a batch for the other nodes of its key, while the node's buffers still hold it. */
interface Shared<T> {
  readonly value: T;
  readonly current: () => boolean;
}

/**
 * What `make` gives for a batch, made once per batch for every node of every check with the same
 * `key` (the checks of a run read a field's column once): results are read, never written. A
 * result whose node has since filled its buffers with another batch is made again.
 */
function sharedPerBatch<T>(key: string, make: (rows: BatchRows) => T): (rows: BatchRows) => T {
  let holds: BatchRows | undefined;
  return (rows) => {
    const had = rows.shared.get(key) as Shared<T> | undefined;
    if (had?.current()) return had.value;
    const value = make(rows);
    holds = rows;
    rows.shared.set(key, { value, current: () => holds === rows } satisfies Shared<T>);
    return value;
  };
}

const refKey = (kind: string, ref: FieldRef) => `${kind}:${ref.slot}:${ref.path.join(".")}`;

export function refNode(ref: FieldRef): RefNode {
  const read = columnReader(ref, anyType);
  return { kind: "ref", nulls: sharedPerBatch(refKey("nulls", ref), (rows) => read(rows).s) };
}

/** A number node whose rows `fill` writes (values and states) into buffers kept from batch to batch, shared by `key`. */
function numberNode(
  float: boolean,
  key: string,
  fill: (rows: BatchRows, v: Float64Array, s: Uint8Array) => void,
): NumNode {
  const vBuf = scratch((n) => new Float64Array(n));
  const sBuf = scratch((n) => new Uint8Array(n));
  return {
    kind: "num",
    float,
    eval: sharedPerBatch(key, (rows) => {
      const v = vBuf(rows.length);
      const s = sBuf(rows.length);
      fill(rows, v, s);
      return { v, s };
    }),
  };
}

const smallNumbers = (t: A): boolean =>
  (A.isInt(t) && (t as unknown as { bitWidth: number }).bitWidth <= 32) || A.isFloat(t);

export const numberColumn = (ref: FieldRef): NumNode =>
  numberNode(ref.type.kind === "float" || ref.type.kind === "double", refKey("num", ref), (rows, v, s) => {
    const values = column(rows, ref, s, smallNumbers).values as ArrayLike<number>;
    for (let i = 0; i < rows.length; i++) {
      const x = values[i]!;
      v[i] = x;
      if (s[i] === 0 && Number.isNaN(x)) s[i] = UNSURE; // NaN: Spark's ordering of NaN is left to the row compiler
    }
  });

export function stringColumn(ref: FieldRef): StrNode {
  const read = columnReader(ref, A.isUtf8);
  return {
    kind: "str",
    key: refKey("str", ref),
    eval: sharedPerBatch(refKey("str", ref), (rows) => {
      const { d, s } = read(rows);
      const offsets = d.valueOffsets as Int32Array;
      const bytes = d.values as Uint8Array;
      return { offsets, bytes, s, ascii: allAscii(bytes, offsets[0]!, offsets[rows.length]!) };
    }),
  };
}

/** size(array): its length; a NULL array (-1 in rowforge's SQL) is left to the row compiler. */
export const sizeOf = (ref: FieldRef): NumNode =>
  numberNode(false, refKey("size", ref), (rows, v, s) => {
    const offsets = column(rows, ref, s, A.isList).valueOffsets as Int32Array;
    for (let i = 0; i < rows.length; i++) {
      v[i] = offsets[i + 1]! - offsets[i]!;
      if (s[i] === NULL) s[i] = UNSURE;
    }
  });

/** length(string) in characters: ASCII strings by their bytes; others left to the row compiler. */
export const lengthOf = (str: StrNode): NumNode =>
  numberNode(false, `length:${str.key}`, (rows, v, s) => {
    const { offsets, bytes, s: ss, ascii } = str.eval(rows);
    if (ascii) {
      for (let i = 0; i < rows.length; i++) {
        s[i] = ss[i]!;
        v[i] = offsets[i + 1]! - offsets[i]!;
      }
      return;
    }
    for (let i = 0; i < rows.length; i++) {
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
  });
