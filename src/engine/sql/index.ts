/** rowforge's Spark SQL expression compiler: parser, type checker, casts and decimal helpers. */

export { compileJavaRegex, JavaRegexError } from "../java-regex/index.ts";
export type * from "./ast.ts";
export { formatAst } from "./ast-format.ts";
export { type CastFn, canCast, compileCast, doubleToInt, doubleToLong, wrapInt } from "./cast.ts";
export { compileSql, compileSqlAst } from "./compile-sql.ts";
export { compileSqlAstWith } from "./compile-with-functions.ts";
export {
  decimalDigits,
  decimalFits,
  decimalFromInteger,
  decimalFromNumber,
  decimalFromString,
  decimalToNumber,
  decimalToPlainString,
  decimalToString,
  decimalTruncate,
  decimalTypeOfInteger,
  divideHalfUp,
  MAX_DECIMAL_PRECISION,
  parseDecimalText,
  pow10,
  rescaleDecimal,
  toDecimalType,
} from "./decimal.ts";
export { compileFormatter, type ValueFormatter } from "./format-value.ts";
export { javaDoubleToString, javaFloatToString } from "./java-number-format.ts";
export { parseBooleanText, parseDoubleText, parseIntegerText, parseLongText } from "./parse-number-text.ts";
export { parseSql } from "./parser.ts";
export type * from "./sql-contract.ts";
export { astReferences, sqlReferences } from "./sql-references.ts";
export {
  adjustDecimal,
  boundedDecimal,
  comparisonType,
  decimalForIntegral,
  decimalResultType,
  isAtomicType,
  numericCommonType,
  tightestCommonType,
  widerCommonType,
  widerCommonTypeOf,
  widerDecimal,
} from "./type-coercion.ts";
export {
  compareStrings,
  compileEquality,
  compileOrdering,
  type Equality,
  type Ordering,
} from "./value-order.ts";
