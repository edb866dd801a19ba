/** The sub-expressions of a node, in the order they are written (a walk in source order). */
import type { SqlAst } from "./ast.ts";

export function astChildren(node: SqlAst): readonly SqlAst[] {
  switch (node.kind) {
    case "column":
    case "literal":
    case "interval":
      return [];
    case "field":
      return [node.target];
    case "subscript":
      return [node.target, node.index];
    case "unary":
    case "isNull":
    case "isBoolean":
    case "cast":
      return [node.operand];
    case "binary":
      return [node.left, node.right];
    case "in":
      return [node.operand, ...node.list];
    case "between":
      return [node.operand, node.low, node.high];
    case "like":
    case "rlike":
      return [node.operand, node.pattern];
    case "case": {
      const out = node.operand === null ? [] : [node.operand];
      for (const b of node.branches) out.push(b.when, b.then);
      return node.otherwise === null ? out : [...out, node.otherwise];
    }
    case "call":
      return node.args;
    case "lambda":
      return [node.body];
  }
}
