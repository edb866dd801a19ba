/**
 * The file a worker thread starts from. A thread entry lives beside the code that starts it, so
 * `beside` is the caller's `import.meta.url`: from source the TypeScript entry beside the
 * caller, else the entry of the same name in dist/ (where the caller was bundled into a chunk
 * beside the entries): a launcher scripts/build.ts writes, which gives the thread the bundle's
 * chunk resolution and imports the bundled entry (scripts/worker-launchers.ts).
 */
export function workerUrl(name: "batch" | "sample" | "parquet-read" | "run", beside: string): string {
  const fromSource = beside.endsWith(".ts");
  return new URL(fromSource ? `./${name}.worker.ts` : `./${name}.worker.js`, beside).href;
}
