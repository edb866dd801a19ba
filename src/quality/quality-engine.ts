/**
 * The quality engine's code, loaded on demand (loadQualityEngine in index.ts): only a plan with
 * validations pays for loading it.
 */

export { compileValidation } from "./compile-validation.ts";
export { fieldCheckPlan } from "./field-check-plan.ts";
export { aggExprText } from "./group-by-check.ts";
export { schemaFiles } from "./json-schema-check.ts";
export { unreachableSources, validationSources } from "./reach-sources.ts";
export { readStepOf, runValidations } from "./run-validations.ts";
