/**
 * The data-quality engine's front door: validations compiled into checks over Arrow batches
 * (predicates, group-by with spill, quantiles, upstream joins), run over the rows a RowSource
 * the caller gives reads. Code outside src/quality imports it only from here
 * (test/structure/front-doors.test.ts).
 */

export type { ReadField } from "./batch-rows.ts";
export { type CheckLimits, DEFAULT_CHECK_LIMITS } from "./check.ts";
export { compileValidation } from "./compile-validation.ts";
export { fieldCheckPlan, sqlLiteral } from "./field-check-plan.ts";
export { aggExprText } from "./group-by-check.ts";
export { schemaFiles } from "./json-schema-check.ts";
export {
  type UnreachableSource,
  unreachableSources,
  type ValidationSource,
  validationSources,
} from "./reach-sources.ts";
export type { RowSource } from "./row-source.ts";
export { readStepOf, runValidations, type ValidationRunOptions } from "./run-validations.ts";
export { summaryRow, type ValidationResult } from "./validation-result.ts";
export { validationsPlan } from "./validations-plan.ts";
