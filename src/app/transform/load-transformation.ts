import { realpathSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { RowforgeError } from "../../errors/index.ts";
import type { Transformation } from "../../model/index.ts";

export type PerRecordFn = (record: string, options: Readonly<Record<string, string>>) => string;
export type WholeFileFn = (
  content: Uint8Array,
  options: Readonly<Record<string, string>>,
) => Uint8Array | string;

export interface LoadedTransformation {
  readonly mode: Transformation["mode"];
  readonly options: Readonly<Record<string, string>>;
  readonly fn: PerRecordFn | WholeFileFn;
}

/** The only file kinds a transformation may be: JavaScript modules. */
const EXTENSIONS = [".js", ".mjs"];
/** Extensions of files that are not loaded, refused by name (a dotted Java-style name has other endings). */
const OTHER_FILES = /^\.(cjs|[cm]?ts|tsx|jsx|json|node|wasm|sh)$/i;

/**
 * Loads a step's transformation. The trust model: the transformations folder holds trusted code
 * the operator put there; nothing a plan or a request names can make rowforge load another file.
 * So `className` is a path inside `folder` (`upper.mjs`, `sub/upper`, or a Java-style dotted
 * name `com.example.Upper` read as `com/example/Upper`), of a `.js` or `.mjs` file whose real
 * path (after symbolic links) stays inside the folder and is not under any `node_modules`;
 * `methodName` (default `transform`, which also accepts a default export) is a function it
 * exports. Anything else is refused with RF_TRANSFORMATION_REFUSED naming the folder.
 */
export async function loadTransformation(
  t: Transformation,
  folder: string,
  where: string,
): Promise<LoadedTransformation> {
  const file = locateTransformation(t.className, folder, where);
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (e) {
    throw refused(where, `transformation module ${file} cannot be loaded: ${(e as Error).message}`, folder);
  }
  const own = (name: string): unknown => (Object.hasOwn(mod, name) ? mod[name] : undefined);
  const fn = own(t.methodName) ?? (t.methodName === "transform" ? own("default") : undefined);
  if (typeof fn !== "function") {
    const exported = Object.keys(mod).filter((k) => typeof mod[k] === "function");
    throw refused(
      where,
      `${file} exports no function "${t.methodName}"${exported.length ? `; its functions are ${exported.join(", ")}` : ""}`,
      folder,
      "name an exported function with methodName (default: transform, or the default export)",
    );
  }
  return { mode: t.mode, options: t.options, fn: fn as PerRecordFn | WholeFileFn };
}

function refused(where: string, what: string, folder: string, hint?: string): RowforgeError {
  return new RowforgeError("RF_TRANSFORMATION_REFUSED", `${where}: ${what}`, {
    hint:
      hint ??
      `transformations load only from the transformations folder ${folder}: put a .js or .mjs file there (not under node_modules) and name it by its path in that folder`,
  });
}

/** Candidate names for a className: as written (with .js/.mjs added when it has none), and a dotted name as folders. */
function candidates(className: string): string[] {
  if (/\.m?js$/.test(className)) return [className];
  const names = [className];
  if (!/[/\\]/.test(className) && className.includes(".")) names.push(className.replace(/\./g, "/"));
  return names.flatMap((n) => EXTENSIONS.map((ext) => `${n}${ext}`));
}

const isFile = (p: string): boolean => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

/**
 * The real path of the file a className names inside the transformations folder, or a refusal
 * (RowforgeError RF_TRANSFORMATION_REFUSED) that says why and names the folder. Loads nothing.
 */
export function locateTransformation(className: string, folder: string, where: string): string {
  const name = className.trim();
  if (name === "" || name.includes("\0"))
    throw refused(where, `transformation className "${className}" is not a file name`, folder);
  const ext = /\.[A-Za-z0-9]+$/.exec(name)?.[0];
  if (ext !== undefined && (/[/\\]/.test(name) || OTHER_FILES.test(ext)) && !EXTENSIONS.includes(ext)) {
    throw refused(
      where,
      `transformation "${className}" is a ${ext} file; only .js and .mjs modules are loaded`,
      folder,
    );
  }
  let root: string;
  try {
    root = realpathSync(folder);
  } catch {
    throw refused(where, `the transformations folder ${folder} does not exist`, folder);
  }
  for (const candidate of candidates(name)) {
    const path = isAbsolute(candidate) ? candidate : resolve(root, candidate);
    if (!isFile(path)) continue;
    const real = realpathSync(path);
    const inside = relative(root, real);
    if (inside === "" || inside.startsWith("..") || isAbsolute(inside)) {
      throw refused(
        where,
        `transformation "${className}" resolves to ${real}, outside the transformations folder ${root}`,
        folder,
      );
    }
    if (inside.split(sep).includes("node_modules")) {
      throw refused(
        where,
        `transformation "${className}" is under node_modules (${real}); installed packages are never loaded as transformations`,
        folder,
      );
    }
    if (!EXTENSIONS.some((e) => real.endsWith(e))) {
      throw refused(
        where,
        `transformation "${className}" resolves to ${real}, which is not a .js or .mjs file`,
        folder,
      );
    }
    return real;
  }
  throw refused(
    where,
    `transformation module "${className}" was not found in the transformations folder ${root}`,
    folder,
  );
}
