import { readdir, stat } from "node:fs/promises";
import { extname, join } from "node:path";
import type { Diagnostic } from "../../errors/index.ts";
import { fileKind } from "./read-regular-file.ts";
import { SOURCE_EXTENSIONS } from "./read-source-file.ts";

/** Expands files and folders (recursively) into the source files in them, sorted for stable output. */
export async function findSourceFiles(
  paths: readonly string[],
  diagnostics: Diagnostic[],
): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (depth > 32) return;
    const entries = await readdir(dir, { withFileTypes: true });
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.name.startsWith(".") || e.name === "node_modules") continue;
      const full = join(dir, e.name);
      if (e.isDirectory()) await walk(full, depth + 1);
      else if (!SOURCE_EXTENSIONS.includes(extname(e.name).toLowerCase())) continue;
      else if (e.isFile()) out.push(full);
      else if (!e.isSymbolicLink()) {
        // A FIFO, socket or device named like a plan or task: said, never opened (it could block).
        diagnostics.push({
          severity: "error",
          code: "RF_FILE_NOT_REGULAR",
          message: `${full} is ${fileKind(e)}, not a regular file; it is not read`,
          location: { file: full },
        });
      }
    }
  };
  for (const p of paths) {
    try {
      const info = await stat(p);
      if (info.isDirectory()) await walk(p, 0);
      else out.push(p);
    } catch {
      diagnostics.push({
        severity: "error",
        code: "RF_FILE_NOT_FOUND",
        message: `${p} does not exist`,
        location: { file: p },
      });
    }
  }
  return [...new Set(out)];
}

/**
 * Task files under a folder (recursive, .yaml and .yml), as Data Caterer reads its task folder.
 * A FIFO, socket or device named like one is reported (it is never opened).
 */
export async function findTaskFiles(folder: string, diagnostics: Diagnostic[]): Promise<string[]> {
  const files = await findSourceFiles([folder], diagnostics);
  return files.filter((f) => /\.ya?ml$/i.test(f));
}
