import type { SqlAst } from "../engine/index.ts";
import { type SimpleRegex, simpleRegex } from "./simple-regex.ts";
import { literal } from "./vector-literal.ts";
import { type BoolNode, FALSE, type Node, no, stringTest, TRUE, UNSURE } from "./vector-node.ts";

/** A string matched with a literal pattern of the simple shape (simple-regex.ts); other rows and shapes are not vectorised. */
export function regexMatch(operand: Node, pattern: SqlAst): BoolNode {
  const lit = literal(pattern);
  if (operand.kind !== "str" || typeof lit.value !== "string") return no();
  const rx: SimpleRegex = simpleRegex(lit.value) ?? no();
  return stringTest(
    operand,
    (bytes, start, end) => {
      const m = rx.test(bytes, start, end);
      return m === undefined ? UNSURE : m ? TRUE : FALSE;
    },
    (bytes, start, end) => {
      const m = rx.testAscii(bytes, start, end);
      return m === undefined ? UNSURE : m ? TRUE : FALSE;
    },
  );
}
