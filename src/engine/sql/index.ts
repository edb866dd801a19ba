/**
 * rowforge's Spark SQL expression compiler: the only way into engine/sql for code outside it
 * (checked by test/structure/front-doors.test.ts). Inside: syntax/ (lexer, parser, AST), types/ (SQL types,
 * coercion, casts), values/ (decimals, ordering, number and value text), compile/ (the AST to
 * evaluator compiler), functions/ (the function library, by family).
 *
 * What loads with this file is light: types, casts, orderings and value bounds, which compiling
 * any plan uses. The compiler proper (sql-compiler.ts: parser, functions, AST compiler and the
 * RE2 engine, some 600 KB) loads with loadSqlCompiler(), only for a plan that has SQL.
 */

export { loadSqlCompiler, type SqlCompiler, sqlCompiler } from "./load-sql-compiler.ts";
export type * from "./sql-contract.ts";
export type { SqlAst } from "./syntax/ast.ts";
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
