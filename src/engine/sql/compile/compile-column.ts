/**
 * A bare name: a lambda parameter, else a field in scope, else `__index_inc` (the row index),
 * else a parameterless function written without parentheses (CURRENT_DATE).
 */
import { didYouMean, nearestNames } from "../../../errors/index.ts";
import { type DataType, DataTypes } from "../../../model/data-type.ts";
import type { SqlEvaluator } from "../sql-contract.ts";
import type { ColumnNode } from "../syntax/ast.ts";
import { NILADIC_FUNCTIONS, ROW_INDEX_NAME } from "../syntax/special-names.ts";
import type { Typed } from "../types/typed.ts";
import type { CompileEnv } from "./compile-env.ts";

export function compileColumn(node: ColumnNode, env: CompileEnv): Typed {
  const lower = node.name.toLowerCase();
  const variable = env.lambdaVariables.get(lower);
  if (variable !== undefined) {
    const { frame, index } = variable;
    const evaluate = () => frame[index] ?? null;
    return variable.bound === undefined
      ? { type: variable.type, evaluate }
      : { type: variable.type, evaluate, bound: variable.bound };
  }
  const binding = env.scope.resolve(node.name);
  if (binding !== undefined) {
    const slot = binding.slot;
    const evaluate: SqlEvaluator = (ctx) => ctx.values[slot] ?? null;
    return binding.bound === undefined
      ? { type: binding.type, evaluate }
      : { type: binding.type, evaluate, bound: binding.bound };
  }
  if (lower === ROW_INDEX_NAME) return { type: DataTypes.long, evaluate: (ctx) => BigInt(ctx.row) };
  if (NILADIC_FUNCTIONS.has(lower)) {
    return env.compile({ kind: "call", name: node.name, args: [], pos: node.pos, end: node.end });
  }
  const known = [...env.scope.names(), ...[...env.lambdaVariables.values()].map((v) => v.name)];
  const suggestion = didYouMean(node.name, known) || nestedSuggestion(node.name, env);
  throw env.error(
    node.pos,
    `unknown field "${node.name}"${suggestion ? `; ${suggestion}` : ""}`,
    known.length > 0
      ? `the expression can use: ${known.slice(0, 30).join(", ")}${known.length > 30 ? ", ..." : ""}`
      : "no fields are in scope here",
  );
}

/** Paths `a.b.c` of struct fields inside the fields in scope (a few levels deep). */
function nestedPaths(prefix: string, t: DataType, depth: number, out: string[]): void {
  const inner = t.kind === "array" ? t.element : t;
  if (inner.kind !== "struct" || depth > 4) return;
  for (const f of inner.fields) {
    const path = `${prefix}.${f.name}`;
    out.push(path);
    nestedPaths(path, f.type, depth + 1, out);
  }
}

/** "did you mean body.event_timestamp?" when the name is a nested field written without its parent. */
function nestedSuggestion(name: string, env: CompileEnv): string {
  const paths: string[] = [];
  for (const top of env.scope.names()) {
    const binding = env.scope.resolve(top);
    if (binding !== undefined) nestedPaths(top, binding.type, 1, paths);
  }
  const lastSegment = (p: string): string => p.slice(p.lastIndexOf(".") + 1);
  const near = new Set(nearestNames(name, paths.map(lastSegment)));
  const matches = paths.filter((p) => near.has(lastSegment(p))).slice(0, 3);
  return matches.length === 0 ? "" : `did you mean ${matches.map((m) => `"${m}"`).join(" or ")}?`;
}
