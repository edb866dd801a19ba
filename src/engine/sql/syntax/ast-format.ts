/** Writes a syntax tree as a compact S-expression (for tests and debugging). */
import { formatDataType } from "../../../model/data-type.ts";
import type { SqlAst } from "./ast.ts";

function literal(node: Extract<SqlAst, { kind: "literal" }>): string {
  const v = node.value;
  if (node.type === null) return "NULL";
  if (typeof v === "string") return `'${v}'`;
  if (v instanceof Uint8Array) return `X'${[...v].map((b) => b.toString(16).padStart(2, "0")).join("")}'`;
  return `${String(v)}:${formatDataType(node.type)}`;
}

export function formatAst(node: SqlAst): string {
  const f = formatAst;
  switch (node.kind) {
    case "literal":
      return literal(node);
    case "interval":
      return `(interval ${node.value.months} ${node.value.days} ${node.value.micros})`;
    case "column":
      return node.name;
    case "field":
      return `(. ${f(node.target)} ${node.name})`;
    case "subscript":
      return `([] ${f(node.target)} ${f(node.index)})`;
    case "unary":
      return `(${node.op} ${f(node.operand)})`;
    case "binary":
      return `(${node.op} ${f(node.left)} ${f(node.right)})`;
    case "isNull":
      return `(${node.negated ? "isnotnull" : "isnull"} ${f(node.operand)})`;
    case "isBoolean":
      return `(is${node.negated ? "not" : ""}${node.value} ${f(node.operand)})`;
    case "in":
      return `(${node.negated ? "notin" : "in"} ${f(node.operand)} ${node.list.map(f).join(" ")})`;
    case "between":
      return `(${node.negated ? "notbetween" : "between"} ${f(node.operand)} ${f(node.low)} ${f(node.high)})`;
    case "like":
      return `(${node.negated ? "not" : ""}${node.caseInsensitive ? "ilike" : "like"} ${f(node.operand)} ${f(node.pattern)}${node.escape === "\\" ? "" : ` escape '${node.escape}'`})`;
    case "rlike":
      return `(${node.negated ? "notrlike" : "rlike"} ${f(node.operand)} ${f(node.pattern)})`;
    case "case": {
      const parts = node.branches.map((b) => `(when ${f(b.when)} ${f(b.then)})`);
      if (node.otherwise !== null) parts.push(`(else ${f(node.otherwise)})`);
      return `(case${node.operand === null ? "" : ` ${f(node.operand)}`} ${parts.join(" ")})`;
    }
    case "cast":
      return `(cast ${f(node.operand)} ${formatDataType(node.target)})`;
    case "call":
      return `(${node.name}(${node.args.map(f).join(" ")}))`;
    case "lambda":
      return `(lambda (${node.params.join(" ")}) ${f(node.body)})`;
  }
}
