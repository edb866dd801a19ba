import type { SqlAst } from "../engine/index.ts";
import { type SimpleRegex, simpleRegex } from "./simple-regex.ts";
import { literal } from "./vector-literal.ts";
import { type BoolNode, FALSE, type Node, no, scratch, TRUE, UNSURE } from "./vector-node.ts";

/** A string matched with a literal pattern of the simple shape (simple-regex.ts); other rows and shapes are not vectorised. */
export function regexMatch(operand: Node, pattern: SqlAst): BoolNode {
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
