/**
 * `npm run build` (also run by `npm install` and before `npm test`): bundles the CLI and the
 * worker entry points into dist/ as plain JavaScript, so a start loads a few files instead of
 * type-stripping and resolving some 400 modules and their packages' own (typebox alone is
 * about 100 ms of module loading). bin/rowforge.js uses the bundle only while it is fresh (see
 * build-stamp.js); an edited source tree runs from source until the next build.
 * Packages with native code, WebAssembly or worker files of their own stay external.
 */
import { rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { sourceStamp } from "../bin/build-stamp.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdir = `${root}dist`;

const EXTERNAL = [
  "classic-level",
  "level",
  "@duckdb/node-api",
  "parquet-wasm",
  "piscina",
  // Loads its WebAssembly (@platformatic/wasm-utils' native.wasm) from beside its own files.
  "@platformatic/kafka",
];

const started = performance.now();
const stamp = sourceStamp(root);
rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    cli: "src/cli/main.ts",
    "batch.worker": "workers/batch.worker.ts",
    "sample.worker": "workers/sample.worker.ts",
    "parquet-read.worker": "workers/parquet-read.worker.ts",
  },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22",
  external: EXTERNAL,
  chunkNames: "chunk-[hash]",
  // Bundled CommonJS packages call require(); give ES modules one.
  banner: {
    js: 'import { createRequire as __rowforgeRequire } from "node:module"; const require = __rowforgeRequire(import.meta.url);',
  },
  legalComments: "none",
  logLevel: "warning",
});
writeFileSync(`${outdir}/build.json`, `${JSON.stringify(stamp)}\n`);
console.log(`dist/ built in ${Math.round(performance.now() - started)} ms from ${stamp.files} source files`);
