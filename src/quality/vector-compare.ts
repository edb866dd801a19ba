import { not } from "./vector-logic.ts";
import {
  type BoolNode,
  FALSE,
  type Lit,
  type Node,
  type NumNode,
  no,
  scratch,
  stringTest,
  TRUE,
} from "./vector-node.ts";

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
export function compare(op: string, left: Node, right: Node): BoolNode {
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

/** `v BETWEEN low AND high` of a number node, in one loop; literals as compare() takes them (else not vectorised). */
export function betweenNumbers(operand: NumNode, low: Lit, high: Lit): BoolNode {
  if (typeof low.value !== "number" || typeof high.value !== "number") return no();
  if ((low.decimal || high.decimal) && !operand.float) no();
  const lo = low.value;
  const hi = high.value;
  const out = scratch((n) => new Uint8Array(n));
  return {
    kind: "bool",
    eval(rows) {
      const { v, s } = operand.eval(rows);
      const n = rows.length;
      const o = out(n);
      for (let i = 0; i < n; i++) {
        const x = v[i]!;
        o[i] = s[i] !== 0 ? s[i]! : x >= lo && x <= hi ? TRUE : FALSE;
      }
      return o;
    },
  };
}

/** IN a list of literals of the operand's kind (strings compared by their UTF-8 bytes). */
export function inList(operand: Node, list: readonly Lit[]): BoolNode {
  const out = scratch((n) => new Uint8Array(n));
  if (operand.kind === "str" && list.every((l) => typeof l.value === "string")) {
    const wanted = list.map((l) => new TextEncoder().encode(l.value as string));
    return stringTest(operand, (bytes, a, end) => {
      const len = end - a;
      for (const x of wanted) {
        if (x.length !== len) continue;
        let k = 0;
        while (k < len && bytes[a + k] === x[k]) k++;
        if (k === len) return TRUE;
      }
      return FALSE;
    });
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
