import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildUi, typeOf, type UiFile, type UiStamp, uiStamp } from "./build-ui.ts";

/** The package's root: this module runs from src/api/ui/ (sources) or from dist/ (the bundle). */
export const packageRoot = (): string =>
  fileURLToPath(new URL(import.meta.url.endsWith(".ts") ? "../../../" : "../", import.meta.url));

export const UI_FILES = ["index.html", "app.js", "app.css"] as const;
export const uiBuildDir = (root: string): string => join(root, "dist", "ui");

const sameStamp = (a: UiStamp | undefined, b: UiStamp | undefined) =>
  a !== undefined && b !== undefined && a.files === b.files && a.newest === b.newest;

/** Writes a UI build to dist/ui/ (each file with its .gz and .br) with the stamp of its sources. */
export function writeUiBuild(root: string, files: readonly UiFile[], stamp: UiStamp | undefined): void {
  const dir = uiBuildDir(root);
  mkdirSync(dir, { recursive: true });
  for (const f of files) {
    writeFileSync(join(dir, f.name), f.body);
    writeFileSync(join(dir, `${f.name}.gz`), f.gzip);
    writeFileSync(join(dir, `${f.name}.br`), f.br);
  }
  writeFileSync(join(dir, "build.json"), `${JSON.stringify(stamp ?? null)}\n`);
}

function readUiBuild(root: string): UiFile[] | undefined {
  const dir = uiBuildDir(root);
  try {
    return UI_FILES.map((name) => ({
      name,
      type: typeOf(name),
      body: readFileSync(join(dir, name)),
      gzip: readFileSync(join(dir, `${name}.gz`)),
      br: readFileSync(join(dir, `${name}.br`)),
    }));
  } catch {
    return undefined;
  }
}

/**
 * The UI's files for the server: the build `npm install` made (dist/ui/) while it matches the
 * sources in src/ui/, else a fresh build made now (and written back to dist/ui/ when it can be),
 * so an edited tree never serves a stale UI. Without sources (an installed package), the build.
 */
export async function loadUiAssets(root = packageRoot()): Promise<Map<string, UiFile>> {
  const sources = uiStamp(root);
  let built: UiStamp | undefined;
  try {
    built = JSON.parse(readFileSync(join(uiBuildDir(root), "build.json"), "utf8")) as UiStamp;
  } catch {
    built = undefined;
  }
  let files = sources === undefined || sameStamp(sources, built) ? readUiBuild(root) : undefined;
  if (!files) {
    files = await buildUi(root);
    try {
      writeUiBuild(root, files, sources);
    } catch {
      // A read-only install serves the build from memory.
    }
  }
  return new Map(files.map((f) => [f.name, f]));
}
