import type { SqlAst } from "../syntax/ast.ts";
import { astChildren } from "../syntax/ast-children.ts";
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
      case "lambda": {
        const inner = new Set(bound);
        for (const p of node.params) inner.add(p.toLowerCase());
        visit(node.body, inner);
        return;
      }
      default:
        for (const child of astChildren(node)) visit(child, bound);
    }
  };
  visit(ast, new Set());
  return out;
}
