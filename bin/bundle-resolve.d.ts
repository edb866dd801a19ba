/** Answers the bundle folder `distUrl`'s "./chunk-*.js" imports without Node's lookups; others resolve as usual. */
export function resolveBundleChunks(distUrl: string): void;
