/** rowforge's public API: load and check plans as users write them. */
export { type LoadOptions, loadProject, type ProjectLoad } from "./config/index.ts";
export * from "./errors/index.ts";
export * from "./model/index.ts";
export type { ResolvedPlan, ResolvedStep } from "./model/resolved-plan.ts";
