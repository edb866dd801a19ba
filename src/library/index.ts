/**
 * rowforge in code: plans written as typed objects (definePlan, checked against the same
 * schema as YAML plans) and rows made in-process (sample, generate). An adapter over the
 * application layer, as the CLI and the HTTP API are.
 */
export { definePlan } from "./define-plan.ts";
export { type GenerateOptions, type Generation, generate } from "./generate.ts";
export type { PlanInput, PlanSourceOptions } from "./load-plan-input.ts";
export type * from "./plan.ts";
export type { Reference } from "./reference-time.ts";
export { type SampleOptions, sample } from "./sample.ts";
