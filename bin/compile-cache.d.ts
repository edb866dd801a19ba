/** The compile cache folder of the install at `root` for its current build; removes the install's folders of older builds. */
export function compileCacheFolder(root: string, base?: string): string;
/** Turns Node's compile cache on for this process and its worker threads. */
export function enableCompileCache(root: string): void;
