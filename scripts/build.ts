/**
 * `npm run build` (also run by `npm install`, `npm pack` and before `npm test`): bundles the CLI,
 * the library entry (dist/index.js, its .d.ts files in dist/types) and the worker entry points
 * into dist/ as plain JavaScript, so a start loads a few files instead of
 * type-stripping and resolving some 400 modules and their packages' own (typebox alone is
 * about 100 ms of module loading). bin/rowforge.js uses the bundle only while it is fresh (see
 * build-stamp.js); an edited source tree runs from source until the next build.
 * Packages with native code, WebAssembly or worker files of their own stay external.
 */
import { rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";
import { sourceStamp } from "../bin/build-stamp.js";
import { buildUi, uiStamp } from "../src/api/ui/build-ui.ts";
import { writeUiBuild } from "../src/api/ui/ui-assets.ts";
import { writeLibraryTypes } from "./library-types.ts";
import { dropUnusedRequireBanner, REQUIRE_BANNER } from "./require-banner.ts";
import { workerEntryPoints, writeWorkerLaunchers } from "./worker-launchers.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdir = `${root}dist`;

const EXTERNAL = [
  "@duckdb/node-api",
  "parquet-wasm",
  "piscina",
  // Only the web UI's build (src/api/ui/build-ui.ts) loads it, when the UI's sources are newer than dist/ui/.
  "esbuild",
  // Loads its WebAssembly (@platformatic/wasm-utils' native.wasm) from beside its own files.
  "@platformatic/kafka",
];

/**
 * LevelDB (level, classic-level, abstract-level and their helpers, some 30 CommonJS files) is
 * bundled, all but classic-level's native addon. Loaded from node_modules one by one, the
 * package cost a run some 30 ms of module resolution (stat, package.json reads) and compiling.
 * Its binding.js finds the addon at every start (node-gyp-build(__dirname): a package.json
 * read and a walk of its prebuilds, about 6 ms of CPU); the bundle requires the file
 * node-gyp-build finds here instead, by its path from dist/, and falls back to binding.js
 * where that file is missing (node_modules moved since the build).
 */
const ADDON_STUB = "rowforge-classic-level-addon";
const levelBinding: Plugin = {
  name: "classic-level-binding",
  setup(b) {
    b.onResolve({ filter: /^\.\/binding(\.js)?$/ }, (args) =>
      /[\\/]node_modules[\\/]classic-level[\\/]/.test(args.importer)
        ? { path: ADDON_STUB, namespace: ADDON_STUB, pluginData: dirname(args.importer) }
        : undefined,
    );
    b.onResolve({ filter: /\.node$|^classic-level\/binding\.js$/ }, (args) =>
      args.namespace === ADDON_STUB ? { path: args.path, external: true } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: ADDON_STUB }, (args) => {
      const dir: string = args.pluginData;
      const gyp = createRequire(join(dir, "binding.js"))("node-gyp-build") as {
        resolve(dir: string): string;
      };
      const addon = relative(outdir, gyp.resolve(dir)).split(sep).join("/");
      return {
        loader: "js",
        contents: `try { module.exports = require(${JSON.stringify(addon.startsWith(".") ? addon : `./${addon}`)}); } catch { module.exports = require("classic-level/binding.js"); }`,
      };
    });
  },
};

const started = performance.now();
const stamp = sourceStamp(root);
rmSync(outdir, { recursive: true, force: true });
const bundled = await build({
  absWorkingDir: root,
  entryPoints: {
    cli: "src/cli/main.ts",
    // The library (package.json "exports"): definePlan, sample, generate for code that imports rowforge.
    index: "src/index.ts",
    ...workerEntryPoints(),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22",
  external: EXTERNAL,
  plugins: [levelBinding],
  chunkNames: "chunk-[hash]",
  // Bundled CommonJS packages call require(); give ES modules one.
  banner: { js: REQUIRE_BANNER },
  legalComments: "none",
  logLevel: "warning",
  // Which sources and packages each file of dist/ holds: test/e2e/startup-modules.test.ts reads
  // it to check that a command's start loads only the chunks it needs.
  metafile: true,
});
writeFileSync(`${outdir}/metafile.json`, JSON.stringify(bundled.metafile));
dropUnusedRequireBanner(
  Object.keys(bundled.metafile.outputs)
    .filter((f) => f.endsWith(".js"))
    .map((f) => `${root}${f}`),
);
writeWorkerLaunchers(outdir);
writeLibraryTypes(root);
// The web UI (src/ui, preact): dist/ui/ with gzip and brotli copies, served by `rowforge serve` under /ui/.
const uiFiles = await buildUi(root);
writeUiBuild(root, uiFiles, uiStamp(root));
const uiBytes = (pick: (f: (typeof uiFiles)[number]) => Buffer) =>
  uiFiles.reduce((n, f) => n + pick(f).length, 0);
writeFileSync(`${outdir}/build.json`, `${JSON.stringify(stamp)}\n`);
console.log(
  `dist/ built in ${Math.round(performance.now() - started)} ms from ${stamp.files} source files; web UI ${Math.round(uiBytes((f) => f.body) / 1024)} KB, ${Math.round(uiBytes((f) => f.br) / 1024)} KB brotli`,
);
