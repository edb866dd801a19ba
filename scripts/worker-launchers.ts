/**
 * The bundle's worker threads start from small launchers: a thread does not inherit the main
 * thread's module hooks, so without one it resolved each of its ~20 chunk imports through the
 * file system (bin/bundle-resolve.js says what that costs). `dist/<name>.worker.js` (the file
 * src/util/worker-url.ts names) registers the same chunk resolution, then imports the bundled
 * entry, `dist/<name>.worker.main.js`, and hands on its default export (the task function the
 * pool calls; a plain thread's entry runs as it loads).
 */
import { writeFileSync } from "node:fs";

/** The worker entries, by the name src/util/worker-url.ts gives them. */
const WORKER_SOURCES = {
  batch: "workers/batch.worker.ts",
  sample: "src/app/sample/sample.worker.ts",
  "parquet-read": "src/connectors/file/parquet-read.worker.ts",
  run: "src/app/runs/run.worker.ts",
} as const;

/** esbuild entry points of the workers: `<name>.worker.main` from each source. */
export function workerEntryPoints(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(WORKER_SOURCES).map(([name, src]) => [`${name}.worker.main`, src]),
  );
}

/** Writes each worker's launcher into `outdir` (dist/, beside bin/). */
export function writeWorkerLaunchers(outdir: string): void {
  for (const name of Object.keys(WORKER_SOURCES)) {
    writeFileSync(
      `${outdir}/${name}.worker.js`,
      [
        "// Written by scripts/build.ts (see scripts/worker-launchers.ts): this thread resolves the bundle's chunks as the main thread does.",
        'import { resolveBundleChunks } from "../bin/bundle-resolve.js";',
        'resolveBundleChunks(new URL(".", import.meta.url).href);',
        `const entry = await import("./${name}.worker.main.js");`,
        "export default entry.default;",
        "",
      ].join("\n"),
    );
  }
}
