/**
 * The library's type declarations (dist/types, package.json "exports" → "types"): tsc emits
 * the .d.ts files of src/index.ts and the modules it reaches (tsconfig.types.json), so code
 * that installs rowforge type-checks its plans without TypeScript sources under node_modules.
 */
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** Runs the project's own tsc (a devDependency) over tsconfig.types.json at `root`. */
export function writeLibraryTypes(root: string): void {
  const require = createRequire(join(root, "package.json"));
  const manifest = require.resolve("typescript/package.json");
  const { bin } = require(manifest) as { bin: Record<string, string> };
  const tsc = bin.tsc;
  if (tsc === undefined) throw new Error(`typescript (${manifest}) names no tsc: cannot write dist/types`);
  execFileSync(process.execPath, [join(dirname(manifest), tsc), "-p", join(root, "tsconfig.types.json")], {
    cwd: root,
    stdio: "inherit",
  });
}
