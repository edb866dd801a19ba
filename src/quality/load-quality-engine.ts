/** The quality engine: what compiles, reaches and runs a plan's validations (quality-engine.ts). */
export type QualityEngine = typeof import("./quality-engine.ts");

/** Loads the quality engine (once; later calls get the same module). */
export const loadQualityEngine = (): Promise<QualityEngine> => import("./quality-engine.ts");
