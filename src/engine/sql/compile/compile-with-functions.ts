import type { CompiledSql, SqlFunction, SqlRunInputs, SqlScope } from "../sql-contract.ts";
import { sqlError } from "../sql-error.ts";
import type { SqlAst } from "../syntax/ast.ts";
import { toDataType } from "../types/sql-type.ts";
import { boundOf } from "../types/typed.ts";
import { CompileEnv } from "./compile-env.ts";
import { compileExpression } from "./compile-expression.ts";

/** Compiles a parsed expression against a given function table (`text` is its source, for messages). */
export function compileSqlAstWith(
  ast: SqlAst,
  text: string,
  scope: SqlScope,
  inputs: SqlRunInputs,
  functions: ReadonlyMap<string, SqlFunction>,
): CompiledSql {
  const env = new CompileEnv(text, scope, inputs, functions, compileExpression);
  const compiled = env.compile(ast);
  if (compiled.type.kind === "interval") {
    throw sqlError(
      text,
      ast.pos,
      "an interval cannot be a field's value",
      "add it to a date or timestamp: event_time + INTERVAL 5 MINUTES",
    );
  }
  return Object.freeze({
    text,
    type: toDataType(compiled.type),
    evaluate: compiled.evaluate,
    bound: boundOf(compiled),
  });
}
