/**
 * The file a worker thread starts from: the TypeScript entry beside this file when rowforge
 * runs from source, else the bundled entry of the same name in dist/ (where this code was
 * bundled into a chunk beside the entries; scripts/build.ts names them so).
 */
export function workerUrl(name: "batch" | "sample" | "parquet-read" | "run"): string {
  const fromSource = import.meta.url.endsWith(".ts");
  return new URL(fromSource ? `./${name}.worker.ts` : `./${name}.worker.js`, import.meta.url).href;
}
