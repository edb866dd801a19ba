/**
 * rowforge's Spark SQL expression compiler: the only way into engine/sql for code outside it
 * (checked by test/structure/front-doors.test.ts). Inside: syntax/ (lexer, parser, AST), types/ (SQL types,
 * coercion, casts), values/ (decimals, ordering, number and value text), compile/ (the AST to
 * evaluator compiler), functions/ (the function library, by family).
 */

export { compileSql, compileSqlAst } from "./compile/compile-sql.ts";
export { compileSqlAstWith } from "./compile/compile-with-functions.ts";
export { astReferences, sqlReferences } from "./compile/sql-references.ts";
export { SQL_FUNCTION_FAMILIES, SQL_FUNCTIONS } from "./functions/index.ts";
export type * from "./sql-contract.ts";
export type { SqlAst } from "./syntax/ast.ts";
export { astChildren } from "./syntax/ast-children.ts";
export { parseSql } from "./syntax/parser.ts";
export { compileCast } from "./types/cast-conversions.ts";
export { compileOrdering, type Ordering } from "./values/compare-values.ts";
export { castBound, stringBound, widthBound } from "./values/value-bounds.ts";
export {
  checkDeepSize,
  checkValueSize,
  evaluateAtCompile,
  type ValueLimits,
  valueLimits,
} from "./values/value-budget.ts";
