import { DataType as A, type Data } from "apache-arrow";
import type { SqlAst } from "../engine/index.ts";
import { parseSql } from "../engine/index.ts";
import type { DataType } from "../model/data-type.ts";
import type { BatchRows, ReadField } from "./batch-rows.ts";
import { type SimpleRegex, simpleRegex } from "./simple-regex.ts";

/*
 * A predicate evaluated over whole Arrow batches in typed-array loops, for the common shapes of
 * checks (a numeric or string field, a struct's field, an array's size or a string's length,
 * compared with literals, BETWEEN, IN, IS NULL, AND/OR/NOT). Each row gets FALSE, TRUE, NULL, or
 * UNSURE: a row the loops do not decide exactly as rowforge's SQL compiler would (NaN, a NULL
 * array's size, a non-ASCII string's length) is left to the compiled row predicate. An
 * expression with anything else is not vectorised at all (undefined).
 */

export const FALSE = 0;
export const TRUE = 1;
export const NULL = 2;
export const UNSURE = 3;

/** Per row: a number (state 0), NULL (2) or UNSURE (3). */
interface Numbers {
  readonly v: Float64Array;
  readonly s: Uint8Array;
}
interface Strings {
  readonly offsets: Int32Array;
  readonly bytes: Uint8Array;
  /** 0 a value, NULL. */
  readonly s: Uint8Array;
}

/** `float`: the numbers are floats or doubles (a decimal literal compares with them as a double). */
type NumNode = { readonly kind: "num"; readonly float: boolean; eval(rows: BatchRows): Numbers };
type StrNode = { readonly kind: "str"; eval(rows: BatchRows): Strings };
type BoolNode = { readonly kind: "bool"; eval(rows: BatchRows): Uint8Array };
/** A field path whose NULLs only are known (IS NULL of any type). */
type RefNode = { readonly kind: "ref"; nulls(rows: BatchRows): Uint8Array };
/** `decimal`: a literal with decimal places (1.5), which rowforge compares with integers as a decimal: not vectorised. */
type Lit = { readonly kind: "lit"; readonly value: number | string; readonly decimal: boolean };
type Node = NumNode | StrNode | BoolNode | Lit;

/** A predicate over whole batches: one state per row (FALSE, TRUE, NULL, UNSURE). */
export interface VectorPredicate {
  /** The states of the batch's rows, or undefined when the batch is not Arrow data (rows built in memory). */
  evaluate(rows: BatchRows): Uint8Array | undefined;
}

class Unsupported extends Error {}
const no = (): never => {
  throw new Unsupported();
};

/** A reusable buffer per node (batches are evaluated one at a time). */
function scratch<T extends Uint8Array | Float64Array>(make: (n: number) => T): (n: number) => T {
  let buf: T | undefined;
  return (n) => {
    if (!buf || buf.length < n) buf = make(Math.max(n, 1024));
    return buf;
  };
}

/** A field reference (`a`, `a.b.c`) resolved to the Arrow arrays from the top-level field down. */
interface FieldRef {
  readonly slot: number;
  /** Child indices under the top-level array, for struct fields. */
  readonly path: readonly number[];
  readonly type: DataType;
}

function resolveRef(ast: SqlAst, fields: readonly ReadField[]): FieldRef {
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

const NUMERIC = new Set(["byte", "short", "int", "float", "double"]);

function refNode(ref: FieldRef): RefNode {
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

function numberColumn(ref: FieldRef): NumNode {
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

function stringColumn(ref: FieldRef): StrNode {
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
function sizeOf(ref: FieldRef): NumNode {
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
function lengthOf(str: StrNode): NumNode {
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

function literal(ast: SqlAst): Lit {
  if (ast.kind === "unary" && ast.op === "-") {
    const inner = literal(ast.operand);
    if (typeof inner.value !== "number") no();
    return { ...inner, value: -(inner.value as number) };
  }
  if (ast.kind !== "literal" || ast.type === null || ast.value === null) return no();
  const t = ast.type;
  const v = ast.value;
  if (t.kind === "string" && typeof v === "string") return { kind: "lit", value: v, decimal: false };
  if ((t.kind === "int" || t.kind === "short" || t.kind === "byte") && typeof v === "number")
    return { kind: "lit", value: v, decimal: false };
  if (t.kind === "long" && typeof v === "bigint" && Number.isSafeInteger(Number(v)))
    return { kind: "lit", value: Number(v), decimal: false };
  if ((t.kind === "double" || t.kind === "float") && typeof v === "number" && Number.isFinite(v))
    return { kind: "lit", value: v, decimal: false };
  if (t.kind === "decimal" && typeof v === "bigint") {
    const x = Number(v) / 10 ** t.scale;
    return { kind: "lit", value: x, decimal: t.scale > 0 };
  }
  return no();
}

function compileNode(ast: SqlAst, fields: readonly ReadField[]): Node {
  switch (ast.kind) {
    case "literal":
      return literal(ast);
    case "unary":
      if (ast.op === "not") return not(bool(compileNode(ast.operand, fields)));
      return literal(ast);
    case "column":
    case "field": {
      const ref = resolveRef(ast, fields);
      if (NUMERIC.has(ref.type.kind)) return numberColumn(ref);
      if (ref.type.kind === "string") return stringColumn(ref);
      return no();
    }
    case "rlike": {
      const r = regexMatch(compileNode(ast.operand, fields), ast.pattern);
      return ast.negated ? not(r) : r;
    }
    case "call": {
      const name = ast.name.toLowerCase();
      if ((name === "rlike" || name === "regexp" || name === "regexp_like") && ast.args.length === 2)
        return regexMatch(compileNode(ast.args[0]!, fields), ast.args[1]!);
      if (ast.args.length !== 1) return no();
      if (name === "size" || name === "cardinality") {
        const ref = resolveRef(ast.args[0]!, fields);
        if (ref.type.kind !== "array") no();
        return sizeOf(ref);
      }
      if (name === "length" || name === "char_length" || name === "character_length" || name === "len") {
        const operand = compileNode(ast.args[0]!, fields);
        if (operand.kind !== "str") no();
        return lengthOf(operand as StrNode);
      }
      return no();
    }
    case "isNull": {
      const ref = refNode(resolveRef(ast.operand, fields));
      const out = scratch((n) => new Uint8Array(n));
      const negated = ast.negated;
      return {
        kind: "bool",
        eval(rows) {
          const s = ref.nulls(rows);
          const o = out(rows.length);
          for (let i = 0; i < rows.length; i++) o[i] = (s[i] === NULL) !== negated ? TRUE : FALSE;
          return o;
        },
      };
    }
    case "binary": {
      if (ast.op === "and" || ast.op === "or") {
        return logic(ast.op, bool(compileNode(ast.left, fields)), bool(compileNode(ast.right, fields)));
      }
      if (
        ast.op === "=" ||
        ast.op === "<>" ||
        ast.op === "<" ||
        ast.op === "<=" ||
        ast.op === ">" ||
        ast.op === ">="
      )
        return compare(ast.op, compileNode(ast.left, fields), compileNode(ast.right, fields));
      return no();
    }
    case "between": {
      const operand = compileNode(ast.operand, fields);
      const both = logic(
        "and",
        compare(">=", operand, compileNode(ast.low, fields)),
        compare("<=", operand, compileNode(ast.high, fields)),
      );
      return ast.negated ? not(both) : both;
    }
    case "in": {
      const operand = compileNode(ast.operand, fields);
      const list = ast.list.map((l) => literal(l));
      const r = inList(operand, list);
      return ast.negated ? not(r) : r;
    }
    default:
      return no();
  }
}

/** A string matched with a literal pattern of the simple shape (simple-regex.ts); other rows and shapes are not vectorised. */
function regexMatch(operand: Node, pattern: SqlAst): BoolNode {
  const lit = literal(pattern);
  if (operand.kind !== "str" || typeof lit.value !== "string") return no();
  const rx: SimpleRegex = simpleRegex(lit.value) ?? no();
  const out = scratch((n) => new Uint8Array(n));
  return {
    kind: "bool",
    eval(rows) {
      const { offsets, bytes, s } = operand.eval(rows);
      const o = out(rows.length);
      for (let i = 0; i < rows.length; i++) {
        if (s[i] !== 0) {
          o[i] = s[i]!;
          continue;
        }
        const m = rx.test(bytes, offsets[i]!, offsets[i + 1]!);
        o[i] = m === undefined ? UNSURE : m ? TRUE : FALSE;
      }
      return o;
    },
  };
}

function bool(n: Node): BoolNode {
  if (n.kind !== "bool") no();
  return n as BoolNode;
}

function not(b: BoolNode): BoolNode {
  const out = scratch((n) => new Uint8Array(n));
  return {
    kind: "bool",
    eval(rows) {
      const s = b.eval(rows);
      const o = out(rows.length);
      for (let i = 0; i < rows.length; i++) {
        const x = s[i]!;
        o[i] = x === TRUE ? FALSE : x === FALSE ? TRUE : x;
      }
      return o;
    },
  };
}

/** Kleene AND/OR; an UNSURE side leaves the row UNSURE unless the other side decides it. */
function logic(op: "and" | "or", a: BoolNode, b: BoolNode): BoolNode {
  const out = scratch((n) => new Uint8Array(n));
  const decides = op === "and" ? FALSE : TRUE;
  const neutral = op === "and" ? TRUE : FALSE;
  return {
    kind: "bool",
    eval(rows) {
      const x = a.eval(rows);
      const n = rows.length;
      const o = out(n);
      o.set(x.subarray(0, n));
      const y = b.eval(rows);
      for (let i = 0; i < n; i++) {
        const l = o[i]!;
        const r = y[i]!;
        o[i] =
          l === decides || r === decides
            ? decides
            : l === UNSURE || r === UNSURE
              ? UNSURE
              : l === neutral && r === neutral
                ? neutral
                : NULL;
      }
      return o;
    },
  };
}

const FLIP: Readonly<Record<string, string>> = {
  "=": "=",
  "<>": "<>",
  "<": ">",
  "<=": ">=",
  ">": "<",
  ">=": "<=",
};

/** Writes TRUE/FALSE of `v[i] op c` where s[i] is 0, else s[i]: one loop per operator (no call per row). */
function compareLoop(op: string, v: Float64Array, s: Uint8Array, c: number, o: Uint8Array, n: number): void {
  switch (op) {
    case "=":
      for (let i = 0; i < n; i++) o[i] = s[i] !== 0 ? s[i]! : v[i] === c ? TRUE : FALSE;
      return;
    case "<>":
      for (let i = 0; i < n; i++) o[i] = s[i] !== 0 ? s[i]! : v[i] !== c ? TRUE : FALSE;
      return;
    case "<":
      for (let i = 0; i < n; i++) o[i] = s[i] !== 0 ? s[i]! : v[i]! < c ? TRUE : FALSE;
      return;
    case "<=":
      for (let i = 0; i < n; i++) o[i] = s[i] !== 0 ? s[i]! : v[i]! <= c ? TRUE : FALSE;
      return;
    case ">":
      for (let i = 0; i < n; i++) o[i] = s[i] !== 0 ? s[i]! : v[i]! > c ? TRUE : FALSE;
      return;
    case ">=":
      for (let i = 0; i < n; i++) o[i] = s[i] !== 0 ? s[i]! : v[i]! >= c ? TRUE : FALSE;
      return;
  }
}

/** A number or string (by its UTF-8 bytes, = and <> only) compared with a literal. */
function compare(op: string, left: Node, right: Node): BoolNode {
  if (left.kind === "lit" && right.kind !== "lit") return compare(FLIP[op]!, right, left);
  if (right.kind !== "lit") return no();
  const out = scratch((n) => new Uint8Array(n));
  if (left.kind === "num" && typeof right.value === "number") {
    if (right.decimal && !left.float) no();
    const c = right.value;
    return {
      kind: "bool",
      eval(rows) {
        const { v, s } = left.eval(rows);
        const o = out(rows.length);
        compareLoop(op, v, s, c, o, rows.length);
        return o;
      },
    };
  }
  if (left.kind === "str" && typeof right.value === "string" && (op === "=" || op === "<>")) {
    const r = inList(left, [right]);
    return op === "=" ? r : not(r);
  }
  return no();
}

/** IN a list of literals of the operand's kind (strings compared by their UTF-8 bytes). */
function inList(operand: Node, list: readonly Lit[]): BoolNode {
  const out = scratch((n) => new Uint8Array(n));
  if (operand.kind === "str" && list.every((l) => typeof l.value === "string")) {
    const wanted = list.map((l) => new TextEncoder().encode(l.value as string));
    return {
      kind: "bool",
      eval(rows) {
        const { offsets, bytes, s } = operand.eval(rows);
        const o = out(rows.length);
        for (let i = 0; i < rows.length; i++) {
          if (s[i] !== 0) {
            o[i] = s[i]!;
            continue;
          }
          const a = offsets[i]!;
          const len = offsets[i + 1]! - a;
          let found = FALSE;
          for (let w = 0; w < wanted.length && found === FALSE; w++) {
            const x = wanted[w]!;
            if (x.length !== len) continue;
            let k = 0;
            while (k < len && bytes[a + k] === x[k]) k++;
            if (k === len) found = TRUE;
          }
          o[i] = found;
        }
        return o;
      },
    };
  }
  if (operand.kind === "num" && list.every((l) => typeof l.value === "number" && !l.decimal)) {
    const wanted = list.map((l) => l.value as number);
    return {
      kind: "bool",
      eval(rows) {
        const { v, s } = operand.eval(rows);
        const o = out(rows.length);
        for (let i = 0; i < rows.length; i++)
          o[i] = s[i] !== 0 ? s[i]! : wanted.includes(v[i]!) ? TRUE : FALSE;
        return o;
      },
    };
  }
  return no();
}

/**
 * The vectorised form of a boolean expression over `fields`, or undefined when it has a part
 * the loops do not cover (the compiled row predicate then does all the work).
 */
export function vectorPredicate(text: string, fields: readonly ReadField[]): VectorPredicate | undefined {
  let root: BoolNode;
  try {
    const node = compileNode(parseSql(text), fields);
    if (node.kind !== "bool") return undefined;
    root = node;
  } catch {
    // Not vectorised: a shape the loops do not cover (or an error the row compiler reports).
    return undefined;
  }
  return {
    evaluate(rows) {
      if (!rows.arrow) return undefined;
      try {
        return root.eval(rows);
      } catch (e) {
        if (e instanceof Unsupported) return undefined;
        throw e;
      }
    },
  };
}
