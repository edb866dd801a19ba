import { SQL_FUNCTIONS } from "../functions/index.ts";
import type { CompiledSql, SqlRunInputs, SqlScope } from "../sql-contract.ts";
import type { SqlAst } from "../syntax/ast.ts";
import { parseSql } from "../syntax/parser.ts";
import { compileSqlAstWith } from "./compile-with-functions.ts";

/**
 * Parses, type-checks and compiles a Spark SQL expression into one evaluator over a row
 * context. Done once per plan; evaluation does no parsing or tree walking. A bare NULL
 * expression has type string. Throws RF_SQL_INVALID naming the position and the problem.
 */
export function compileSql(text: string, scope: SqlScope, inputs: SqlRunInputs): CompiledSql {
  return compileSqlAstWith(parseSql(text, inputs.limits), text, scope, inputs, SQL_FUNCTIONS);
}

/** Compiles an already parsed expression (`text` is its source, for messages). */
export function compileSqlAst(ast: SqlAst, text: string, scope: SqlScope, inputs: SqlRunInputs): CompiledSql {
  return compileSqlAstWith(ast, text, scope, inputs, SQL_FUNCTIONS);
}
