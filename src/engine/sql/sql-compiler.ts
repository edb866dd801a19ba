/**
 * The SQL compiler proper: the parser, the function library and the AST compiler, with the RE2
 * engine behind RLIKE, regexp_* and split. Loaded on demand (loadSqlCompiler in index.ts): a plan
 * with no `sql` field and no validations never loads it. Code that itself loads only with SQL
 * (the quality engine) imports it directly, through the engine's SQL door (engine/sql-compiler.ts).
 */

export { compileSql, compileSqlAst } from "./compile/compile-sql.ts";
export { compileSqlAstWith } from "./compile/compile-with-functions.ts";
export { astReferences, sqlReferences } from "./compile/sql-references.ts";
export { SQL_FUNCTION_FAMILIES, SQL_FUNCTIONS } from "./functions/index.ts";
export { astChildren } from "./syntax/ast-children.ts";
export { parseSql } from "./syntax/parser.ts";
