/**
 * The configuration layer's front door: what the other layers (app, cli, api, connectors),
 * the scripts, the benches and the tests in test/ may use. Everything else under src/config is
 * private to it (checked by src/config/config-front-door.test.ts); unit tests beside the code
 * reach the module they test.
 */

export { readInlineFields } from "./entry/read-inline-fields.ts";
export { readTaskText, type TaskTextRead } from "./entry/read-task-text.ts";
export type { Env } from "./env/substitute-env.ts";
export { HELPER_RULES } from "./helpers/helper-registry.ts";
export { expandFieldHelpers, HELPER_OPTION_NAMES, type RawField } from "./helpers/index.ts";
export { parseHocon } from "./hocon/parse-hocon.ts";
export { findSourceFiles } from "./load/find-source-files.ts";
export { loadPlanFile, type PlanFileLoad } from "./load/load-plan-file.ts";
export { type LoadedFile, type LoadOptions, loadProject, type ProjectLoad } from "./load/load-project.ts";
export { fileKind, readRegularFile } from "./load/read-regular-file.ts";
export { MAX_SOURCE_BYTES } from "./load/read-source-file.ts";
export { type FolderResolution, resolveFolder } from "./load/resolve-folder.ts";
// The keys and option tables the readers accept: the reference docs and the editor JSON
// Schemas are generated from them (scripts/docs).
export { findRelationPath, type RelationRole, relationPartPath } from "./read/find-relation-path.ts";
export { isObject, type RawObject } from "./read/load-context.ts";
export { COUNT_KEYS, COUNT_OPTION_KEYS, PER_FIELD_KEYS } from "./read/read-count.ts";
export { FIELD_KEYS } from "./read/read-field.ts";
export { FK_KEYS, FK_LEVEL_TARGET_KEYS, RELATION_KEYS } from "./read/read-foreign-key.ts";
export { PLAN_KEYS, SINK_KEYS, TASK_SUMMARY_KEYS } from "./read/read-plan.ts";
export { STEP_KEYS, TRANSFORMATION_KEYS } from "./read/read-step.ts";
export { TASK_KEYS } from "./read/read-task.ts";
export { DATA_SOURCE_KEYS, UNIFIED_KEYS } from "./read/read-unified.ts";
export { CHECK_PARAM_KEYS, FIELD_CHECK_TYPES, VALIDATION_KEYS, WAIT_KEYS } from "./read/read-validation.ts";
export { normaliseFormat } from "./resolve/merge-step-options.ts";
export { type RunRequestContext, resolveRunRequest } from "./resolve/resolve-run-request.ts";
export { type TaskAsPlanInput, taskAsPlan } from "./resolve/task-as-plan.ts";
export { checkYamlDepth, MAX_YAML_DEPTH, parseYaml } from "./source/parse-yaml-bounded.ts";
export type { SourceDocument } from "./source/source-document.ts";
