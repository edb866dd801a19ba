import type { SqlAst } from "../engine/index.ts";
import { type Lit, no } from "./vector-node.ts";

/** A literal (a negated number too) of a type the loops compare: strings, whole numbers, finite doubles, decimals. */
export function literal(ast: SqlAst): Lit {
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
