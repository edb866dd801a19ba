/**
 * The configuration layer's front door: what the other layers (app, cli, api, connectors)
 * may use. Everything else under src/config is private to it (checked by
 * src/config/config-front-door.test.ts).
 */

export { readInlineFields } from "./entry/read-inline-fields.ts";
export { readTaskText, type TaskTextRead } from "./entry/read-task-text.ts";
export type { Env } from "./env/substitute-env.ts";
export { expandFieldHelpers } from "./helpers/index.ts";
export { loadPlanFile, type PlanFileLoad } from "./load/load-plan-file.ts";
export { type LoadedFile, type LoadOptions, loadProject, type ProjectLoad } from "./load/load-project.ts";
export { fileKind, readRegularFile } from "./load/read-regular-file.ts";
export { MAX_SOURCE_BYTES } from "./load/read-source-file.ts";
export { type FolderResolution, resolveFolder } from "./load/resolve-folder.ts";
export { isObject, type RawObject } from "./read/load-context.ts";
export { type RunRequestContext, resolveRunRequest } from "./resolve/resolve-run-request.ts";
export { type TaskAsPlanInput, taskAsPlan } from "./resolve/task-as-plan.ts";
export type { SourceDocument } from "./source/source-document.ts";
