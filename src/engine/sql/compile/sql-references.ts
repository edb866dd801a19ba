import type { SqlAst } from "../syntax/ast.ts";
import { parseSql } from "../syntax/parser.ts";
import { NILADIC_FUNCTIONS, ROW_INDEX_NAME } from "../syntax/special-names.ts";

/**
 * The top-level field names an expression reads, as written, each once (compared
 * case-insensitively), in order of first use. Lambda parameters, function names, `__index_inc`
 * and parameterless functions such as CURRENT_DATE are left out. `a.b.c` reads `a`.
 */
export function sqlReferences(text: string): string[] {
  return astReferences(parseSql(text));
}

export function astReferences(ast: SqlAst): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const visit = (node: SqlAst, bound: ReadonlySet<string>): void => {
    switch (node.kind) {
      case "column": {
        const lower = node.name.toLowerCase();
        if (bound.has(lower) || lower === ROW_INDEX_NAME || NILADIC_FUNCTIONS.has(lower)) return;
        if (!seen.has(lower)) {
          seen.add(lower);
          out.push(node.name);
        }
        return;
      }
      case "literal":
      case "interval":
        return;
      case "field":
        visit(node.target, bound);
        return;
      case "subscript":
        visit(node.target, bound);
        visit(node.index, bound);
        return;
      case "unary":
        visit(node.operand, bound);
        return;
      case "binary":
        visit(node.left, bound);
        visit(node.right, bound);
        return;
      case "isNull":
      case "isBoolean":
      case "cast":
        visit(node.operand, bound);
        return;
      case "in":
        visit(node.operand, bound);
        for (const item of node.list) visit(item, bound);
        return;
      case "between":
        visit(node.operand, bound);
        visit(node.low, bound);
        visit(node.high, bound);
        return;
      case "like":
      case "rlike":
        visit(node.operand, bound);
        visit(node.pattern, bound);
        return;
      case "case":
        if (node.operand !== null) visit(node.operand, bound);
        for (const b of node.branches) {
          visit(b.when, bound);
          visit(b.then, bound);
        }
        if (node.otherwise !== null) visit(node.otherwise, bound);
        return;
      case "call":
        for (const a of node.args) visit(a, bound);
        return;
      case "lambda": {
        const inner = new Set(bound);
        for (const p of node.params) inner.add(p.toLowerCase());
        visit(node.body, inner);
        return;
      }
    }
  };
  visit(ast, new Set());
  return out;
}
