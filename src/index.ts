/**
 * rowforge's public API: plans written in code (definePlan) and their rows in-process
 * (sample, generate); the loaders that read and check plans as users write them.
 */
export { type LoadOptions, loadProject, type ProjectLoad } from "./config/index.ts";
export * from "./errors/index.ts";
export type { Plan } from "./library/index.ts";
// The library's `Plan` (the shape users write) takes the name over the model's loaded `Plan`.
export * from "./library/index.ts";
export * from "./model/index.ts";
export type { ResolvedPlan, ResolvedStep } from "./model/resolved-plan.ts";
