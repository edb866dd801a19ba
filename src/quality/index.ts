/**
 * The data-quality engine's front door: validations compiled into checks over Arrow batches
 * (predicates, group-by with spill, quantiles, upstream joins), run over the rows a RowSource
 * the caller gives reads. Code outside src/quality imports it only from here
 * (test/structure/front-doors.test.ts).
 *
 * What loads with this file is light: the results' summary rows, the plan of a validation file,
 * SQL literals and the types. The engine itself (compiling, reaching and running the checks,
 * with the SQL compiler and the JSON Schema validator behind them) loads with
 * loadQualityEngine(), which the application calls only for a plan that has validations: a
 * run without any never loads it.
 */

export type { ReadField } from "./batch-rows.ts";
export { type CheckLimits, DEFAULT_CHECK_LIMITS } from "./check.ts";
export { loadQualityEngine, type QualityEngine } from "./load-quality-engine.ts";
export type { UnreachableSource, ValidationSource } from "./reach-sources.ts";
export type { RowSource } from "./row-source.ts";
export type { ValidationRunOptions } from "./run-validations.ts";
export { sqlLiteral } from "./sql-literal.ts";
export { summaryRow, type ValidationResult } from "./validation-result.ts";
export { validationsPlan } from "./validations-plan.ts";
