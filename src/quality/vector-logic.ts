import { type BoolNode, FALSE, type Node, NULL, no, scratch, TRUE, UNSURE } from "./vector-node.ts";

/** A node that must be boolean (a comparison, IS NULL, AND/OR/NOT); other nodes are not vectorised. */
export function bool(n: Node): BoolNode {
  if (n.kind !== "bool") no();
  return n as BoolNode;
}

/** NOT: TRUE and FALSE swapped, NULL and UNSURE kept. */
export function not(b: BoolNode): BoolNode {
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
export function logic(op: "and" | "or", a: BoolNode, b: BoolNode): BoolNode {
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
