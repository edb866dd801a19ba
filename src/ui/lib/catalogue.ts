import catalogue from "../pages/plans/editor-catalogue.json" with { type: "json" };

/**
 * The server's lists the pages offer beside the plan editor's (pages/plans/option-catalogue.ts):
 * from the connector registry, the model's group table and the run store, written into
 * editor-catalogue.json by `npm run docs` (a test keeps it fresh), as browser code imports no
 * runtime code from outside src/ui.
 */

/** The connection kinds rowforge writes to (any other kind can still be typed in). */
export const CONNECTION_KINDS: readonly string[] = catalogue.connectionKinds;
/** Option keys a connection of a kind usually has (its connector's option schema says), offered as empty rows on a new one. */
export const STARTER_KEYS: Readonly<Record<string, readonly string[]>> = catalogue.starterKeys;
/** The step options that say where a step of a kind writes (`dbtable`, `topic`, `path`, ...; its connector's option schema says). */
export const TARGET_KEYS: Readonly<Record<string, readonly string[]>> = catalogue.targetKeys;
/** The kinds whose tables the server lists (GET /connection/{name}/tables). */
export const TABLE_KINDS: readonly string[] = catalogue.tableKinds;
/** The connection groups (`dataSource`: a kind with no group of its own). */
export const CONNECTION_GROUPS: readonly string[] = catalogue.connectionGroups;
/** A run's statuses, from queued to its end. */
export const RUN_STATUSES: readonly string[] = catalogue.runStatuses;
/** What a run does: generate, or delete what a run generated. */
export const RUN_MODES: readonly string[] = catalogue.runModes;
