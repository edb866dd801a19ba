import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** One built file of the UI, with its compressed forms. */
export interface UiFile {
  readonly name: string;
  readonly type: string;
  readonly body: Buffer;
  readonly gzip: Buffer;
  readonly br: Buffer;
}

/** The UI's sources (src/ui): how many files and the newest modification time, to tell a stale build. */
export interface UiStamp {
  readonly files: number;
  readonly newest: number;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

export const uiSourceDir = (root: string): string => join(root, "src", "ui");

/**
 * The modules outside src/ui that the browser bundle runs as well as the server (portable: no
 * import at all; test/structure/ui-contract.test.ts holds them to it), relative to the root.
 */
export const UI_SHARED_SOURCES: readonly string[] = ["src/errors/did-you-mean.ts"];

export function uiStamp(root: string): UiStamp | undefined {
  const dir = uiSourceDir(root);
  let files = 0;
  let newest = 0;
  const count = (path: string): void => {
    files++;
    newest = Math.max(newest, statSync(path).mtimeMs);
  };
  try {
    for (const e of readdirSync(dir, { withFileTypes: true, recursive: true }))
      if (e.isFile()) count(join(e.parentPath, e.name));
    for (const shared of UI_SHARED_SOURCES) count(join(root, shared));
  } catch {
    return undefined;
  }
  return { files, newest };
}

export const typeOf = (name: string) =>
  TYPES[name.slice(name.lastIndexOf("."))] ?? "application/octet-stream";

/** A file with its gzip and brotli forms (best compression: built once, served many times). */
export function compressed(name: string, body: Buffer): UiFile {
  return {
    name,
    type: typeOf(name),
    body,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  };
}

/**
 * Bundles the browser UI (src/ui/app.tsx with preact, src/ui/styles.css, src/ui/index.html) with
 * esbuild, minified, in memory: index.html, app.js, app.css. esbuild loads only here, at build
 * time or when a server finds the built copy older than the sources.
 */
export async function buildUi(root: string): Promise<UiFile[]> {
  const { build } = await import("esbuild");
  const dir = uiSourceDir(root);
  const out = await build({
    absWorkingDir: root,
    entryPoints: [
      { in: join(dir, "app.tsx"), out: "app" },
      { in: join(dir, "styles.css"), out: "app" },
    ],
    outdir: "/ui",
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    jsxImportSource: "preact",
    tsconfig: join(dir, "tsconfig.json"),
    legalComments: "none",
    write: false,
    logLevel: "silent",
  });
  const files = out.outputFiles.map((f) =>
    compressed(f.path.slice(f.path.lastIndexOf("/") + 1), Buffer.from(f.contents)),
  );
  files.push(compressed("index.html", readFileSync(join(dir, "index.html"))));
  return files;
}
