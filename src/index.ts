/** rowforge's public API: load and check plans as users write them. */
export { type LoadOptions, loadProject, type ProjectLoad } from "./config/load/load-project.ts";
export type { ResolvedPlan, ResolvedStep } from "./config/resolve/resolved-plan.ts";
export * from "./errors/index.ts";
export * from "./model/index.ts";
