/**
 * The engine's second door: the SQL compiler (parser, function library, AST compiler), imported
 * statically. Only code that itself loads on demand for a plan with SQL comes in here (the
 * quality engine); everything else loads the compiler with loadSqlCompiler() from index.ts, so
 * a plan without SQL never loads it (test/e2e/startup-modules.test.ts checks a small run).
 */

export {
  astChildren,
  astReferences,
  compileSql,
  compileSqlAst,
  parseSql,
  SQL_FUNCTION_FAMILIES,
  sqlReferences,
} from "./sql/sql-compiler.ts";
